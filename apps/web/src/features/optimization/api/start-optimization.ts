import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TaskStartedSchema, type Task } from '@meridian/contracts';
import { ALGORITHMS, type AlgorithmKey } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/optimize/assign?algorithm=KEY: answers the new task's id at once. */
export const startOptimization = (algorithm: AlgorithmKey) =>
  apiRequest(`/optimize/assign?algorithm=${encodeURIComponent(algorithm)}`, TaskStartedSchema, {
    method: 'POST',
  });

/**
 * Puts the new task in the task list before reloading it: a fast run may have
 * finished before the reload, and the list entry is what opens its stream (whose
 * completion message reloads the assignments). Returns the task as listed.
 */
async function registerTask(queryClient: QueryClient, placeholder: Task): Promise<Task> {
  queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks = []) =>
    tasks.some((task) => task.id === placeholder.id) ? tasks : [...tasks, placeholder],
  );
  await queryClient.refetchQueries({ queryKey: queryKeys.activeTasks });
  const listed = queryClient
    .getQueryData<Task[]>(queryKeys.activeTasks)
    ?.find((task) => task.id === placeholder.id);
  return listed ?? placeholder;
}

const labelOf = (key: AlgorithmKey) => ALGORITHMS.find((a) => a.key === key)?.label ?? key;

export const useStartOptimization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (algorithm: AlgorithmKey) => {
      const { task_id } = await startOptimization(algorithm);
      return registerTask(queryClient, {
        id: task_id,
        type: 'optimization',
        name: labelOf(algorithm),
        status: 'queued',
        progress: 0,
        total: 0,
        message: '',
        elapsed_time: 0,
        estimated_total_time: null,
        results: null,
        algorithm,
      });
    },
  });
};
