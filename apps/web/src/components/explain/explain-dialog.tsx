import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { SlotExplanation } from '@meridian/contracts';
import { errorMessage } from '../../lib/api-client';
import { useExplanation } from '../../lib/scheduling-api/get-explanation';
import { alternativeLine, assignedLine, nextBestLine, refusalLines } from './explain-text';
import { KitSection } from './kit-section';
import { SlotHeading } from './slot-heading';

const SLOT_TITLES = { lead: 'Lead', data_acq: 'Data acquisition' } as const;

/** One slot: the holder's cost, the next best, the ranked alternatives and who cannot take it. */
function SlotSection({ slot }: { slot: SlotExplanation }) {
  const refusals = refusalLines(slot.refused);
  return (
    <Box component="section" aria-label={`${SLOT_TITLES[slot.slot]} slot`} sx={{ mb: 2.5 }}>
      <SlotHeading title={SLOT_TITLES[slot.slot]} pinned={slot.pinned} />
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {slot.assigned === null ? 'Nobody holds this slot.' : assignedLine(slot.assigned)}
      </Typography>
      {slot.note !== null && (
        <Alert severity="info" sx={{ my: 1 }}>
          {slot.note}
        </Alert>
      )}
      {/* With a note (no usable zip), nobody can be ranked: the note says why, not "nobody is free". */}
      {(slot.alternatives.length > 0 || slot.note === null) && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`next-best-${slot.slot}`}>
          {nextBestLine(slot)}
        </Typography>
      )}
      {slot.alternatives.length > 1 && (
        <Box component="ol" start={2} sx={{ m: 0, mt: 0.5, pl: 3 }}>
          {slot.alternatives.slice(1).map((alt) => (
            <Typography component="li" variant="body2" key={alt.physicist_id}>
              {alternativeLine(alt)}
            </Typography>
          ))}
        </Box>
      )}
      {slot.more_feasible > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {slot.more_feasible} more could take it, each at a higher cost.
        </Typography>
      )}
      {refusals.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            Cannot take it
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {refusals.map((line) => (
              <Typography component="li" variant="body2" color="text.secondary" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

interface ExplainDialogProps {
  /** The job to explain; null keeps the dialog closed. */
  jobId: number | null;
  onClose: () => void;
}

/**
 * "Why this assignment?": for the lead and data-acquisition slots of a job,
 * what the holder costs in the plan's score F, the next best choices with the
 * exact change of F each would make, and who cannot take the slot and why.
 * The numbers are the server's (the same evaluator that scores every run).
 */
export function ExplainDialog({ jobId, onClose }: ExplainDialogProps) {
  const explanation = useExplanation(jobId);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const data = explanation.data;
  return (
    <Dialog open={jobId !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone}>
      <DialogTitle>
        Why this assignment?
        {data && (
          <Typography variant="body2" color="text.secondary" component="div">
            {data.customer}, job {data.job_id}, {data.start} to {data.end}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {explanation.isPending && <LinearProgress aria-label="Loading the explanation" />}
        {explanation.error && <Alert severity="error">{errorMessage(explanation.error)}</Alert>}
        {data && (
          <>
            <SlotSection slot={data.lead} />
            <SlotSection slot={data.data_acq} />
            <KitSection kit={data.kit} />
            <Typography variant="caption" color="text.secondary" component="p">
              Changes are against the plan as it stands, with everything else unchanged. F, the
              plan's score (lower is better), is now{' '}
              {data.objective.total.toLocaleString('en-US', { maximumFractionDigits: 2 })}:
              proximity {data.weights.proximity} × miles / 100, balance {data.weights.job_balance} ×
              distance from fair shares, rotation {data.weights.staff_rotation} × repeat visits,
              {data.weights.preference !== undefined &&
                ` preference ${data.weights.preference} × job days on days people asked to avoid,`}{' '}
              and 1,000,000 for each empty slot.
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
