import Typography from '@mui/material/Typography';
import type { Job, Kit } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useOverrideKit } from '../../../lib/scheduling-api/kit-override';
import { kitOptions } from '../../../components/jobs-table/assign-options';
import { AssignSelect } from '../../../components/jobs-table/assign-select';
import { useToast } from '../../../components/toast/toast-context';

/** What a kit editor's dropdown reads; null for users who may not assign kits. */
export interface KitAssigning {
  kits: readonly Kit[];
  /** Every job by the kit it holds (all jobs, not the filtered view). */
  byKit: ReadonlyMap<number, Job[]>;
}

/**
 * The kit column of /assignments: a dropdown for kit editors, admins and
 * managers (spec section 5: "The kit assign dropdown ... also allowed for the
 * user {name}"), the kit's name for everyone else.
 */
export function KitCell({ job, assigning }: { job: Job; assigning: KitAssigning | null }) {
  const override = useOverrideKit();
  const toast = useToast();
  if (assigning === null) {
    return (
      <Typography variant="body2" noWrap title={job.assigned_kit_name ?? ''}>
        {job.assigned_kit_name ?? ''}
      </Typography>
    );
  }
  return (
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
  );
}
