import { useCallback } from 'react';
import type { Job } from '@meridian/domain';
import { errorMessage } from '../../lib/api-client';
import { useUpdateJob } from '../../lib/scheduling-api/update-job';
import { useToast } from '../toast/toast-context';
import { shiftDates } from './date-shift';
import { isUnchangedEdit, type EditableJobField } from './job-edit-rule';

/**
 * Sends one edited field at once with the row's version. An unchanged value
 * sends nothing, except `reason` (spec section 5); a start moved past the end
 * (or an end before the start) moves the other date too. Resolves true when saved.
 */
export function useJobEdit(): (
  job: Job,
  field: EditableJobField,
  value: string,
) => Promise<boolean> {
  const update = useUpdateJob();
  const toast = useToast();
  const { mutateAsync } = update;
  return useCallback(
    async (job, field, value) => {
      if (isUnchangedEdit(job, field, value)) return true;
      try {
        // A date edit may move the other date too (shiftDates), in the same PUT.
        const changes =
          field === 'start' || field === 'end' ? shiftDates(job, field, value) : { [field]: value };
        await mutateAsync({ ...job, ...changes });
        return true;
      } catch (error) {
        toast.error(`Update failed: ${errorMessage(error)}`);
        return false;
      }
    },
    [mutateAsync, toast],
  );
}
