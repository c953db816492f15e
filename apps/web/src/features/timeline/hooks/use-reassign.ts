import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { overrideKitMutation } from '../../../lib/scheduling-api/kit-override';
import {
  manualAssignmentToast,
  useAssignPhysicist,
} from '../../../lib/scheduling-api/manual-assign';
import { invalidateScheduling } from '../../../lib/query-keys';
import { useToast } from '../../../components/toast/toast-context';
import type { PendingMoves, TimelineBar } from '../layout/timeline-rows';

/** The toast prefix of a failed slot change, kit or person. */
export const failurePrefix = (bar: TimelineBar) =>
  bar.slot === 'kit' ? 'Kit assignment failed: ' : 'Assignment failed: ';

/**
 * Reassigns slots through the same calls as the dropdowns (POST
 * /assignments/manual, /kits/manual_override). Until the server answers, the
 * slot shows on its new row as pending; the answer then replaces the job in
 * the cache. A refusal drops the pending move, so the bar snaps back, and
 * toasts the server's detail; the lists are refetched then, because a
 * refusal the page did not foresee means its copy of the plan or the leave
 * is out of date.
 */
export function useReassign() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const assign = useAssignPhysicist();
  const override = useMutation(overrideKitMutation(queryClient));
  const [pending, setPending] = useState<PendingMoves>(new Map());
  const { mutateAsync: assignAsync } = assign;
  const { mutateAsync: overrideAsync } = override;

  const reassign = useCallback(
    (bar: TimelineBar, holderId: number | null) => {
      setPending((current) => new Map(current).set(bar.key, holderId));
      const settle = () =>
        setPending((current) => {
          const next = new Map(current);
          next.delete(bar.key);
          return next;
        });
      const saved =
        bar.slot === 'kit'
          ? overrideAsync({ job_id: bar.job.id, kit_id: holderId })
          : assignAsync({ job_id: bar.job.id, role: bar.slot, physicist_id: holderId });
      saved.then(
        (job) => {
          settle();
          if (bar.slot !== 'kit' && holderId !== null) {
            const name = bar.slot === 'lead' ? job.assigned_lead : job.assigned_data_acq;
            toast.success(manualAssignmentToast(job.id, bar.slot, name));
          }
        },
        (error: unknown) => {
          settle();
          toast.error(`${failurePrefix(bar)}${errorMessage(error)}`);
          void invalidateScheduling(
            queryClient,
            'assignments',
            'availability',
            'physicists',
            'kits',
          );
        },
      );
    },
    [assignAsync, overrideAsync, queryClient, toast],
  );
  return { pending, reassign };
}
