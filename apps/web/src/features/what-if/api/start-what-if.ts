import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaskStartedSchema, type Task, type WhatIfRequest } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/optimize/what-if: answers the new task's id and name at once. */
export const startWhatIf = (body: WhatIfRequest) =>
  apiRequest('/optimize/what-if', TaskStartedSchema, { method: 'POST', json: body });

/** Starts a what-if and lists its task at once, so the task panel follows its stream. */
export const useStartWhatIf = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WhatIfRequest) => {
      const { task_id, name } = await startWhatIf(body);
      const task: Task = {
        id: task_id,
        type: 'what_if',
        name,
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
      return task;
    },
  });
};
