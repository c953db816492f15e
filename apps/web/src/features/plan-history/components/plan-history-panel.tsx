import { useEffect, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { canManageSchedule } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { useSession } from '../../../lib/session-store';
import { useRun } from '../api/get-run';
import { useRuns } from '../api/get-runs';
import { RunDetails } from './run-details';
import { finishedAt, runHeadline, runKind } from './run-format';

/**
 * "Plan history" on /assignments: the recorded runs, newest first. Choosing
 * one reports the jobs it changed (the app highlights them in the table) and
 * shows its details; every role may look, admins and managers may act.
 */
export function PlanHistoryPanel({
  onHighlight,
}: {
  /** The jobs the chosen run changed, or null when none is chosen or the panel is closed. */
  onHighlight: (jobIds: ReadonlySet<number> | null) => void;
}) {
  const session = useSession();
  const canAct = session ? canManageSchedule(session.claims.role) : false;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const runs = useRuns(open);
  const run = useRun(open ? chosen : null);
  const jobs = useAssignments();
  const changed = useMemo(
    () => (open && run.data ? new Set(run.data.changes.map((c) => c.job_id)) : null),
    [open, run.data],
  );
  useEffect(() => onHighlight(changed), [changed, onHighlight]);
  const jobName = (id: number) => {
    const job = jobs.data?.find((j) => j.id === id);
    return job ? `${job.customer} (${job.start ?? 'no dates'})` : `Job ${id} (deleted)`;
  };
  return (
    <Accordion
      variant="outlined"
      expanded={open}
      onChange={(_, next) => setOpen(next)}
      sx={{ mb: 2 }}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography component="h2" variant="h6">
          Plan history
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {runs.isLoading && <LinearProgress aria-label="Loading plan history" />}
        {runs.error && <Alert severity="error">{errorMessage(runs.error)}</Alert>}
        {runs.data?.length === 0 && (
          <Typography color="text.secondary">
            No runs yet: optimisations, kit assignments and undos are recorded here.
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 2fr) 3fr' },
          }}
        >
          {runs.data && runs.data.length > 0 && (
            <List dense aria-label="Recorded runs" sx={{ maxHeight: 360, overflowY: 'auto' }}>
              {runs.data.map((r) => (
                <ListItem key={r.id} disablePadding>
                  <ListItemButton
                    selected={r.id === chosen}
                    onClick={() => setChosen(r.id === chosen ? null : r.id)}
                  >
                    <ListItemText
                      primary={`#${r.id} ${runKind(r)}`}
                      secondary={`${finishedAt(r)} by ${r.created_by ?? 'unknown'} · ${runHeadline(r)}`}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          {chosen !== null && run.isLoading && <LinearProgress aria-label="Loading the run" />}
          {run.error && <Alert severity="error">{errorMessage(run.error)}</Alert>}
          {run.data && <RunDetails run={run.data} canAct={canAct} jobName={jobName} />}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
