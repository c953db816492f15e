import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Job, Kit } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useOverrideKit } from '../../../lib/scheduling-api/kit-override';
import { kitOptions } from '../../../components/jobs-table/assign-options';
import { AssignSelect } from '../../../components/jobs-table/assign-select';
import { SlotLock } from '../../../components/jobs-table/slot-lock';
import { useToast } from '../../../components/toast/toast-context';

/** What a kit editor's dropdown reads; null for users who may not assign kits. */
export interface KitAssigning {
  kits: readonly Kit[];
  /** Every job by the kit it holds (all jobs, not the filtered view). */
  byKit: ReadonlyMap<number, Job[]>;
}

/**
 * The kit column of /assignments: a dropdown for kit editors, admins and
 * managers (and the regular users named in KIT_EDITOR_USERNAMES), the kit's
 * name for everyone else.
 */
export function KitCell({
  job,
  assigning,
  canManage,
}: {
  job: Job;
  assigning: KitAssigning | null;
  /** Managers and admins lock and unlock the kit; others see the lock only. */
  canManage: boolean;
}) {
  const override = useOverrideKit();
  const toast = useToast();
  const lock = <SlotLock job={job} slot="kit" canToggle={canManage} />;
  if (assigning === null) {
    return (
      <Typography variant="body2" noWrap title={job.assigned_kit_name ?? ''} component="div">
        {lock} {job.assigned_kit_name ?? ''}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      {lock}
      <AssignSelect
        label={`Kit of job ${job.id}`}
        value={job.assigned_kit_id}
        valueName={job.assigned_kit_name}
        fallbackName={job.assigned_kit_name}
        disabled={override.isPending}
        options={() => kitOptions(job, assigning.kits, assigning.byKit)}
        onChange={(id) =>
          override.mutate(
            { job_id: job.id, kit_id: id },
            { onError: (error) => toast.error(`Kit assignment failed: ${errorMessage(error)}`) },
          )
        }
      />
    </Stack>
  );
}
