import { TASK_KINDS, WhatIfStreamMessageSchema, type Task } from '@meridian/contracts';
import type { EventSourceMessage } from 'eventsource-parser';
import { followSseStream, type SseVerdict } from '../../lib/sse';
import { queryKeys } from '../../lib/query-keys';
import { pushNotification } from '../../lib/notifications';
import {
  LOST,
  isCancelled,
  nameOf,
  parseData,
  reloadAfterUnreadEnd,
  type FollowDeps,
} from './follow-task';
import { patchTask, removeTaskLater } from './task-cache';

/**
 * Follows a what-if's stream into the task list; its completion writes the
 * proposal id under queryKeys.proposalOfTask(id), where the what-if dialog
 * waits for it. Nothing in the plan changes, so nothing is reloaded.
 */
export function followWhatIf(task: Task, { queryClient, toast, signal }: FollowDeps) {
  const fail = (message: string, byServer: 'error' | 'cancelled' = 'error') => {
    const cancelled = isCancelled(queryClient, task.id) || byServer === 'cancelled';
    patchTask(queryClient, task.id, { status: cancelled ? 'cancelled' : 'error', message });
    removeTaskLater(queryClient, task.id);
    queryClient.setQueryData(queryKeys.proposalOfTask(task.id), { error: message });
    if (!cancelled) toast.error(`Task ${nameOf(queryClient, task)} failed: ${message}`);
  };
  const onEvent = (event: EventSourceMessage): SseVerdict => {
    const parsed = WhatIfStreamMessageSchema.safeParse(parseData(event));
    if (!parsed.success) return 'continue';
    const message = parsed.data;
    switch (message.type) {
      case 'progress':
        if (isCancelled(queryClient, task.id)) return 'continue';
        patchTask(queryClient, task.id, {
          status: 'running',
          progress: message.progress,
          message: message.message,
          estimated_total_time: message.estimated_total_time,
          elapsed_time: message.elapsed_time,
        });
        return 'continue';
      case 'complete':
        patchTask(queryClient, task.id, { status: 'complete', results: message.result });
        removeTaskLater(queryClient, task.id);
        queryClient.setQueryData(queryKeys.proposalOfTask(task.id), message.proposal_id);
        pushNotification(`${nameOf(queryClient, task)}: a proposal is ready.`, 'info');
        return 'stop';
      case 'error':
        fail(message.message, message.status);
        return 'stop';
    }
  };
  return followSseStream(TASK_KINDS[task.type].streamPath(task.id), {
    signal,
    onEvent,
    onRefused: (error) => fail(error.message),
    onEnded: () => reloadAfterUnreadEnd(queryClient, task),
    onLost: () => fail(LOST),
  });
}
