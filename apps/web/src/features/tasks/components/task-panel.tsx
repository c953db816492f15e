import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { TASK_PANEL_WIDTH } from '@meridian/domain';
import { useActiveTasks } from '../api/get-active-tasks';
import { isTaskVisible } from '../task-cache';
import { useTaskStreams } from '../use-task-streams';
import { TaskCard } from './task-card';

/**
 * The floating panel, bottom right, of running optimisation and comparison
 * tasks. It also owns the tasks' streams, so they live as long as the session
 * chrome does, whichever screen is open.
 */
export function TaskPanel() {
  const { data: tasks } = useActiveTasks(true);
  useTaskStreams(tasks);
  const [isCollapsed, setCollapsed] = useState(false);
  const visible = (tasks ?? []).filter(isTaskVisible);
  if (visible.length === 0) return null;

  return (
    <>
      {/* In the page's flow: lets the content scroll clear of the fixed panel. */}
      <Box aria-hidden sx={{ height: 220 }} />
      <Paper
        elevation={8}
        component="section"
        aria-label="Running tasks"
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          width: TASK_PANEL_WIDTH,
          maxWidth: 'calc(100vw - 32px)',
          zIndex: (theme) => theme.zIndex.speedDial,
          overflow: 'hidden',
        }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            px: 2,
            py: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            Running tasks ({visible.length})
          </Typography>
          <IconButton
            size="small"
            color="inherit"
            aria-label={isCollapsed ? 'Show tasks' : 'Hide tasks'}
            aria-expanded={!isCollapsed}
            onClick={() => setCollapsed(!isCollapsed)}
          >
            {isCollapsed ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        </Stack>
        {!isCollapsed && (
          <Box component="ul" sx={{ m: 0, p: 0, maxHeight: '50vh', overflowY: 'auto' }}>
            {visible.map((task) => (
              <TaskCard key={task.id} task={task} />
            ))}
          </Box>
        )}
      </Paper>
    </>
  );
}
