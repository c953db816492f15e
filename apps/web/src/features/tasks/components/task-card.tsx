import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { TASK_KINDS, type Task } from '@meridian/contracts';
import { ALGORITHMS } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCancelTask } from '../api/cancel-task';
import { formatMmSs } from '../format-duration';
import { percentDone } from '../task-cache';

const algorithmLabel = (key: string | null): string =>
  key === null ? '' : (ALGORITHMS.find((a) => a.key === key)?.label ?? key);

/** The algorithm, unless the task's name already says it. */
const subtitle = (task: Task): string => {
  const label = algorithmLabel(task.algorithm);
  return task.name.includes(label) ? 'Optimisation run' : label;
};

/** One running task: what, how far, how long, and a way to stop it. */
export function TaskCard({ task }: { task: Task }) {
  const toast = useToast();
  const cancel = useCancelTask();
  const percent = percentDone(task);
  const isQueued = task.status === 'queued';
  const onCancel = () =>
    cancel.mutate(task, {
      onError: (error) => toast.error(`Failed to cancel task: ${errorMessage(error)}`),
    });

  return (
    <Box
      component="li"
      data-testid="task-card"
      aria-label={task.name}
      sx={{ listStyle: 'none', px: 2, py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={task.name}>
            {task.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {task.algorithm === null ? TASK_KINDS[task.type].label : subtitle(task)}
          </Typography>
        </Box>
        <Tooltip title="Cancel task">
          <span>
            <IconButton
              size="small"
              aria-label={`Cancel ${task.name}`}
              onClick={onCancel}
              disabled={cancel.isPending}
            >
              <Close fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 0.75 }}>
        <LinearProgress
          variant={isQueued ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={`${task.name} progress`}
          sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="caption" sx={{ minWidth: 34, textAlign: 'right' }}>
          {isQueued ? '' : `${Math.round(percent)}%`}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" noWrap title={task.message}>
        {task.message || (isQueued ? 'Waiting for a worker…' : 'Starting…')}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="task-times">
        Elapsed {formatMmSs(task.elapsed_time)} · Estimated {formatMmSs(task.estimated_total_time)}
      </Typography>
    </Box>
  );
}
