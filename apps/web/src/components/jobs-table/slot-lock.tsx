import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpenOutlined';
import type { JobRecord } from '@meridian/contracts';
import type { Job } from '@meridian/domain';
import { errorMessage } from '../../lib/api-client';
import { useSetPins } from '../../lib/scheduling-api/set-pins';
import { useToast } from '../toast/toast-context';

/** A slot that can be locked. */
export type LockSlot = 'lead' | 'data_acq' | 'kit';

const WORDS: Record<LockSlot, string> = {
  lead: 'Lead',
  data_acq: 'Data acquisition',
  kit: 'Kit',
};
const HOLDER: Record<LockSlot, keyof Job> = {
  lead: 'assigned_lead_id',
  data_acq: 'assigned_data_acq_id',
  kit: 'assigned_kit_id',
};

/** The lock flags of a job (the lists carry them: JobRecord). */
const pinsOf = (job: Job) => {
  const record = job as Partial<JobRecord>;
  return {
    lead: record.lead_pinned === true,
    data_acq: record.data_acq_pinned === true,
    kit: record.kit_pinned === true,
  };
};

interface SlotLockProps {
  job: Job;
  slot: LockSlot;
  /** Managers and admins toggle; everyone else sees the lock read-only. */
  canToggle: boolean;
}

/**
 * The lock of one slot: every optimiser keeps a locked slot. A padlock shows
 * on locked slots for everyone; managers and admins get a toggle beside any
 * filled slot (an empty one has nothing to keep).
 */
export function SlotLock({ job, slot, canToggle }: SlotLockProps) {
  const setPins = useSetPins();
  const toast = useToast();
  const pins = pinsOf(job);
  const isLocked = pins[slot];
  const isFilled = job[HOLDER[slot]] !== null;
  const what = `${WORDS[slot]} of job ${job.id}`;
  if (!canToggle) {
    if (!isLocked) return null;
    return (
      <Tooltip title={`${what} is locked: optimisation keeps it`}>
        <Lock
          color="action"
          titleAccess={`${what} is locked`}
          sx={{ verticalAlign: 'middle', fontSize: 16 }}
        />
      </Tooltip>
    );
  }
  if (!isFilled && !isLocked) return null;
  const toggle = () =>
    setPins.mutate(
      { jobId: job.id, pins: { ...pins, [slot]: !isLocked } },
      {
        onSuccess: () =>
          toast.success(
            isLocked
              ? `${what} unlocked: optimisation may now change it.`
              : `${what} locked: optimisation keeps it until it is unlocked.`,
          ),
        onError: (error) => toast.error(`Update failed: ${errorMessage(error)}`),
      },
    );
  return (
    <Tooltip
      title={isLocked ? `Unlock (optimisation may then change it)` : 'Lock (optimisation keeps it)'}
    >
      <IconButton
        size="small"
        aria-label={`${isLocked ? 'Unlock' : 'Lock'} ${what}`}
        aria-pressed={isLocked}
        disabled={setPins.isPending}
        onClick={toggle}
        sx={{ p: 0.25 }}
      >
        {isLocked ? (
          <Lock sx={{ fontSize: 16 }} />
        ) : (
          <LockOpen sx={{ fontSize: 16, opacity: 0.55 }} />
        )}
      </IconButton>
    </Tooltip>
  );
}
