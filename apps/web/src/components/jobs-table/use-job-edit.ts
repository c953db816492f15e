import { useCallback, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useUpdateJob } from '../../lib/scheduling-api/update-job';
import { useCorrectionReason } from '../correction-reason-dialog';
import { useToast } from '../toast/toast-context';
import { shiftDates } from './date-shift';
import { isUnchangedEdit } from './job-edit-rule';
import type { SaveJobField } from './job-columns';

/**
 * Sends one edited field at once with the row's version. An unchanged value
 * sends nothing, except `reason` (its comment is saved anyway); a start moved
 * past the end (or an end before the start) moves the other date too. An edit
 * of a past job, or one that dates a job before today, corrects the record of
 * what happened: it first asks why (the server refuses it without a reason).
 * `save` resolves true when saved; render `dialog` once beside the table.
 */
export function useJobEdit(): { save: SaveJobField; dialog: ReactNode } {
  const update = useUpdateJob();
  const toast = useToast();
  const { ask, dialog } = useCorrectionReason();
  const { mutateAsync } = update;
  const save = useCallback<SaveJobField>(
    async (job, field, value) => {
      if (isUnchangedEdit(job, field, value)) return true;
      // A date edit may move the other date too (shiftDates), in the same PUT.
      const changes =
        field === 'start' || field === 'end' ? shiftDates(job, field, value) : { [field]: value };
      const edited = { ...job, ...changes };
      // The dialog names the job as it stands if it is past, else as dated by this edit.
      const named = job.start !== null && (edited.start === null || job.start <= edited.start);
      // A comment saved as it was corrects nothing: no reason to ask.
      const corrects = (job[field] ?? '') !== value;
      const reason = corrects
        ? await new Promise<string | undefined | null>((resolve) =>
            ask(named ? job : edited, resolve, () => resolve(null)),
          )
        : undefined;
      if (reason === null) return false;
      try {
        await mutateAsync({ job: edited, correctionReason: reason });
        return true;
      } catch (error) {
        toast.error(`Update failed: ${errorMessage(error)}`);
        return false;
      }
    },
    [ask, mutateAsync, toast],
  );
  return { save, dialog };
}
