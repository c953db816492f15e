import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RunDetail } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useReplayRun } from '../api/replay-run';
import { PlanDiff } from '../../../components/plan-diff/plan-diff';
import { slotValue } from './run-format';
import { UndoRunDialog } from './undo-run-dialog';

/**
 * One run: F's parts before and after, each slot it changed, and for
 * managers "Undo this run" and, for optimisations and applied proposals
 * (previews and what-ifs), "Replay".
 */
export function RunDetails({
  run,
  canAct,
  jobName,
}: {
  run: RunDetail;
  canAct: boolean;
  jobName: (id: number) => string;
}) {
  const [undoing, setUndoing] = useState(false);
  const replay = useReplayRun();
  const replayed = replay.data?.run_id === run.id ? replay.data : null;
  return (
    <Box aria-label={`Run ${run.id}`} role="region">
      {run.headline !== null && <Typography sx={{ mb: 1 }}>{run.headline}</Typography>}
      <PlanDiff
        before={run.objective_before}
        after={run.objective_after}
        summary={
          run.changes.length === 0
            ? 'This run changed no slot.'
            : `${run.changes.length} slot${run.changes.length === 1 ? '' : 's'} changed (highlighted in the table)`
        }
        changesLabel="Slots this run changed"
        rows={run.changes.map((c) => ({
          job_id: c.job_id,
          slot: c.slot,
          before: slotValue(c.before),
          after: slotValue(c.after),
        }))}
        jobName={jobName}
      />
      {canAct && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            color="error"
            disabled={run.changes.length === 0}
            onClick={() => setUndoing(true)}
          >
            Undo this run
          </Button>
          {(run.kind === 'optimization' || run.kind === 'proposal') && (
            <Button
              variant="outlined"
              disabled={replay.isPending}
              onClick={() => replay.mutate(run.id)}
            >
              {replay.isPending ? 'Replaying…' : 'Replay'}
            </Button>
          )}
        </Stack>
      )}
      {replayed && (
        <Alert severity={replayed.reproduced ? 'success' : 'warning'} sx={{ mt: 2 }}>
          {replayed.message} (F recorded {replayed.objective_recorded.total.toFixed(2)}, replayed{' '}
          {replayed.objective_replayed.total.toFixed(2)})
        </Alert>
      )}
      {replay.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(replay.error)}
        </Alert>
      )}
      {undoing && <UndoRunDialog run={run} jobName={jobName} onClose={() => setUndoing(false)} />}
    </Box>
  );
}
