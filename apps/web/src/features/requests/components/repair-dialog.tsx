import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { LeaveRepair, Task } from '@meridian/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getProposal } from '../../../lib/scheduling-api/proposals';
import { ProposalReview } from '../../../components/proposal/proposal-review';

/**
 * The repair an approval prepared, in the what-if's own review (its diff,
 * then Apply or Discard). A repair still being worked out is followed on
 * its task's stream (the task panel lists it); a finished one is opened
 * straight from its proposal.
 */
export function RepairDialog({
  repair,
  who,
  onClose,
}: {
  repair: LeaveRepair;
  who: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const outcome = queryKeys.proposalOfTask(repair.task_id);
    if (repair.proposal_status === 'failed') {
      queryClient.setQueryData(outcome, { error: 'The repair could not be prepared.' });
    } else if (repair.proposal_status !== 'pending') {
      queryClient.setQueryData(outcome, repair.proposal_id);
    } else if (queryClient.getQueryData(outcome) === undefined) {
      // Still working (a reload lost its stream): list it, so the task panel follows it again.
      queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks = []) =>
        tasks.some((t) => t.id === repair.task_id)
          ? tasks
          : [
              ...tasks,
              {
                id: repair.task_id,
                type: 'what_if',
                name: `Repair for ${who}'s leave`,
                status: 'queued',
                progress: 0,
                total: 0,
                message: '',
                elapsed_time: 0,
                estimated_total_time: null,
                results: null,
                algorithm: null,
              },
            ],
      );
    }
  }, [queryClient, repair, who]);
  // The stream may end before this page follows it (a small plan repairs in
  // milliseconds): until the proposal is known, ask for it once a second;
  // it answers 409 while the what-if works.
  useEffect(() => {
    if (repair.proposal_status !== 'pending') return;
    const outcome = queryKeys.proposalOfTask(repair.task_id);
    let stopped = false;
    const poll = async () => {
      while (!stopped && queryClient.getQueryData(outcome) === undefined) {
        try {
          await getProposal(repair.proposal_id);
          queryClient.setQueryData(outcome, repair.proposal_id);
          return;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) {
            queryClient.setQueryData(outcome, { error: errorMessage(error) });
            return;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [queryClient, repair]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Repair for {who}&apos;s leave</DialogTitle>
      <ProposalReview
        taskId={repair.task_id}
        waiting="Finding the smallest repair…"
        onDone={onClose}
      />
    </Dialog>
  );
}
