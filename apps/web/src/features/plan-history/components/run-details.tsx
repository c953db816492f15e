import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RunDetail } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useReplayRun } from '../api/replay-run';
import { OBJECTIVE_PARTS, SLOT_LABEL, slotValue } from './run-format';
import { UndoRunDialog } from './undo-run-dialog';

/**
 * One run: F's parts before and after, each slot it changed, and for
 * managers "Undo this run" and (optimisations only) "Replay".
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
    <Box aria-label={`Run ${run.id}`} role="region" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="F before and after">
        <TableHead>
          <TableRow>
            <TableCell>Part of F</TableCell>
            <TableCell align="right">Before</TableCell>
            <TableCell align="right">After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {OBJECTIVE_PARTS.map(([key, label, decimals]) => (
            <TableRow key={key}>
              <TableCell>{label}</TableCell>
              <TableCell align="right">
                {run.objective_before
                  ? run.objective_before[key].toFixed(decimals)
                  : 'not recorded'}
              </TableCell>
              <TableCell align="right">{run.objective_after[key].toFixed(decimals)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {run.changes.length === 0
          ? 'This run changed no slot.'
          : `${run.changes.length} slot${run.changes.length === 1 ? '' : 's'} changed (highlighted in the table)`}
      </Typography>
      {run.changes.length > 0 && (
        <Table size="small" aria-label="Slots this run changed">
          <TableHead>
            <TableRow>
              <TableCell>Job</TableCell>
              <TableCell>Slot</TableCell>
              <TableCell>Before → after</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.changes.map((c) => (
              <TableRow key={`${c.job_id}-${c.slot}`}>
                <TableCell>{jobName(c.job_id)}</TableCell>
                <TableCell>{SLOT_LABEL[c.slot]}</TableCell>
                <TableCell>
                  {slotValue(c.before)} → {slotValue(c.after)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
          {run.kind === 'optimization' && (
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
