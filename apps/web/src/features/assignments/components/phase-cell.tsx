import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { JobRecord } from '@meridian/contracts';
import type { IsoDate, Job, JobPhase } from '@meridian/domain';
import { PHASE_LABELS } from '../../../lib/plan-phase';

/** A listed job's phase (GET /assignments/ answers JobRecords; the table's columns take Jobs). */
export const phaseOf = (job: Job): JobPhase => (job as JobRecord).phase;

/**
 * Where a job stands, in words: a dashed "Draft" chip (the plan may still
 * change it), "Published" (people were told), or, frozen, "Past" or
 * "Started" (it began before today and runs on).
 */
export function PhaseCell({ job, today }: { job: Job; today: IsoDate }) {
  const phase = phaseOf(job);
  if (phase === 'draft')
    return (
      <Chip
        size="small"
        variant="outlined"
        label={PHASE_LABELS.draft}
        sx={{ borderStyle: 'dashed' }}
      />
    );
  return (
    <Typography variant="body2" sx={{ fontStyle: phase === 'past' ? 'italic' : 'normal' }}>
      {phase === 'past' && job.end !== null && job.end >= today ? 'Started' : PHASE_LABELS[phase]}
    </Typography>
  );
}
