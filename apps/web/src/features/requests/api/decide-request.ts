import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RequestDecisionSchema, type Task } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { invalidateScheduling, queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/requests/{id}/approve or /decline with the manager's reason. */
export const decideRequest = (id: number, decision: 'approve' | 'decline', reason: string) =>
  apiRequest(`/requests/${id}/${decision}`, RequestDecisionSchema, {
    method: 'POST',
    json: { reason },
  });

/**
 * Decides a request. A leave approval's repair is a what-if task: it is
 * listed at once, so the task panel follows its stream to the proposal.
 */
export const useDecideRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: number; decision: 'approve' | 'decline'; reason: string }) =>
      decideRequest(args.id, args.decision, args.reason),
    onSuccess: async ({ request }) => {
      // An approved swap changed a slot: every list of jobs reloads.
      if (request.kind === 'swap' && request.status === 'approved')
        await invalidateScheduling(queryClient, 'jobs', 'assignments');
      const repair = request.kind === 'leave' ? request.repair : null;
      if (request.kind === 'leave' && repair !== null) {
        const task: Task = {
          id: repair.task_id,
          type: 'what_if',
          name: `Repair for ${request.physicist.name}'s leave`,
          status: 'queued',
          progress: 0,
          total: 0,
          message: '',
          elapsed_time: 0,
          estimated_total_time: null,
          results: null,
          algorithm: null,
        };
        queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks = []) =>
          tasks.some((t) => t.id === task.id) ? tasks : [...tasks, task],
        );
        await queryClient.refetchQueries({ queryKey: queryKeys.activeTasks });
        await invalidateScheduling(queryClient, 'availability');
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.requests });
    },
  });
};
