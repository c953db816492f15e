import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AlgorithmRunResultSchema, TaskStartedSchema, type Task } from '@meridian/contracts';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A comparison as its stream writes it under queryKeys.comparison(id). The
 * task panel's stream (features/tasks) is the writer; the shape is repeated
 * here because features do not import each other, and results are parsed.
 */
export const ComparisonStateSchema = z.object({
  status: z.enum(['running', 'complete', 'error', 'cancelled']),
  progress: z.number(),
  total: z.number(),
  estimated_total_time: z.number().nullable(),
  results: z.record(z.string(), AlgorithmRunResultSchema),
  error: z.string().nullable(),
});
export type ComparisonState = z.infer<typeof ComparisonStateSchema>;

/** POST /api/v1/analytics/compare_algorithms: answers the comparison task's id and name. */
export const startComparison = () =>
  apiRequest('/analytics/compare_algorithms', TaskStartedSchema, { method: 'POST' });

/** DELETE /api/v1/analytics/compare/{id}. */
export const cancelComparison = (id: string) =>
  apiSend(`/analytics/compare/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The comparison's streamed state; there is no request behind it, only the stream's writes. */
export function useComparison(id: string | null) {
  return useQuery({
    queryKey: queryKeys.comparison(id ?? ''),
    queryFn: skipToken,
    enabled: id !== null,
    select: (data: unknown) => {
      const parsed = ComparisonStateSchema.safeParse(data);
      return parsed.success ? parsed.data : undefined;
    },
  });
}

const setTaskStatus = (tasks: Task[] | undefined, id: string, status: Task['status']) =>
  tasks?.map((task) => (task.id === id ? { ...task, status } : task));

export function useStartComparison() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { task_id, name } = await startComparison();
      queryClient.setQueryData<ComparisonState>(queryKeys.comparison(task_id), {
        status: 'running',
        progress: 0,
        total: 0,
        estimated_total_time: null,
        results: {},
        error: null,
      });
      // Listing the task opens its stream in the task panel, even if the reload
      // below no longer lists it because it already finished.
      const placeholder: Task = {
        id: task_id,
        type: 'comparison',
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
      queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks = []) => [
        ...tasks.filter((task) => task.id !== task_id),
        placeholder,
      ]);
      await queryClient.refetchQueries({ queryKey: queryKeys.activeTasks });
      return task_id;
    },
  });
}

/** Marks the comparison cancelled first, so its stream's closing message is not taken as a failure. */
export function useCancelComparison() {
  const queryClient = useQueryClient();
  const mark = (id: string, status: ComparisonState['status'], taskStatus: Task['status']) => {
    queryClient.setQueryData<ComparisonState>(queryKeys.comparison(id), (old) =>
      old ? { ...old, status } : old,
    );
    queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks) =>
      setTaskStatus(tasks, id, taskStatus),
    );
  };
  return useMutation({
    mutationFn: cancelComparison,
    onMutate: (id) => mark(id, 'cancelled', 'cancelled'),
    onError: (_error, id) => mark(id, 'running', 'running'),
  });
}
