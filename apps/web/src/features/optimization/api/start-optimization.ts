import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TaskStartedSchema, type Task } from '@meridian/contracts';
import type { AlgorithmKey, PlanScope } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/optimize/assign?algorithm=KEY: answers the new task's id and
 * name at once. A preview (apply=false) leaves its result as a proposal. With
 * scope 'published' the run may change published jobs too (never past ones).
 */
export const startOptimization = (
  algorithm: AlgorithmKey,
  preview = false,
  scope: PlanScope = 'draft',
) =>
  apiRequest(
    `/optimize/assign?algorithm=${encodeURIComponent(algorithm)}${preview ? '&apply=false' : ''}${scope === 'published' ? '&scope=published' : ''}`,
    TaskStartedSchema,
    { method: 'POST' },
  );

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

/** Starts a run, or with `preview` a run whose result waits as a proposal. */
export const useStartOptimization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      algorithm,
      preview,
      scope = 'draft',
    }: {
      algorithm: AlgorithmKey;
      preview: boolean;
      scope?: PlanScope;
    }) => {
      const { task_id, name } = await startOptimization(algorithm, preview, scope);
      // The server's name, so the start toast reads the same as the task list even when
      // a fast run has finished (and left the list) before the list reloads.
      return registerTask(queryClient, {
        id: task_id,
        type: 'optimization',
        name,
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
