import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASK_KINDS, type Task } from '@meridian/contracts';
import { apiSend } from '../../../lib/api-client';
import { patchTask, removeTaskLater } from '../task-cache';

/** DELETE at the task kind's cancel path (/tasks/{id}, /analytics/compare/{id}, ...). */
export const cancelTask = (task: Task) =>
  apiSend(TASK_KINDS[task.type].cancelPath(task.id), { method: 'DELETE' });

/**
 * Marks the task cancelled before the request goes out, so the stream's own
 * closing message is not mistaken for a failure; a refused cancel restores it.
 */
export const useCancelTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    onMutate: (task) => patchTask(queryClient, task.id, { status: 'cancelled' }),
    onSuccess: (_data, task) => removeTaskLater(queryClient, task.id),
    onError: (_error, task) => patchTask(queryClient, task.id, { status: task.status }),
  });
};
