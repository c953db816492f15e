import type { QueryClient } from '@tanstack/react-query';
import type { Task } from '@meridian/contracts';
import { TASK_REMOVAL_DELAY_MS } from '@meridian/domain';
import { queryKeys } from '../../lib/query-keys';

/** Statuses the panel shows; complete, error and cancelled are hidden. */
export const isTaskVisible = (task: Task): boolean =>
  task.status === 'queued' || task.status === 'running';

/** Writes a stream event's fields into the cached task. */
export function patchTask(queryClient: QueryClient, id: string, patch: Partial<Task>): void {
  queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks) =>
    tasks?.map((task) => (task.id === id ? { ...task, ...patch } : task)),
  );
}

export function cachedTask(queryClient: QueryClient, id: string): Task | undefined {
  return queryClient.getQueryData<Task[]>(queryKeys.activeTasks)?.find((task) => task.id === id);
}

/** Drops a finished task from the list after the spec's delay. */
export function removeTaskLater(queryClient: QueryClient, id: string): void {
  window.setTimeout(() => {
    queryClient.setQueryData<Task[]>(queryKeys.activeTasks, (tasks) =>
      tasks?.filter((task) => task.id !== id),
    );
  }, TASK_REMOVAL_DELAY_MS);
}

/**
 * Percent done: progress counts against total when the task has one; a stream
 * tick on a task without a total is a percentage (0-100), or a fraction (0-1).
 */
export function percentDone(task: Pick<Task, 'progress' | 'total'>): number {
  const { progress, total } = task;
  const raw = total > 0 ? (progress / total) * 100 : progress <= 1 ? progress * 100 : progress;
  return Math.max(0, Math.min(100, Number.isFinite(raw) ? raw : 0));
}
