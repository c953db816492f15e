import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PanelTaskType, Task } from '@meridian/contracts';
import { useToast } from '../../components/toast/toast-context';
import { followComparison, followOptimisation, followWhatIf } from './follow-task';

/** The follower of each declared task kind (a kind without one does not compile). */
const FOLLOWERS: Record<PanelTaskType, typeof followOptimisation> = {
  optimization: followOptimisation,
  comparison: followComparison,
  what_if: followWhatIf,
};
import { isTaskVisible } from './task-cache';

/**
 * Opens one stream per queued or running task and keeps it open until the
 * stream itself ends or is refused. A stream is not tied to
 * the task's presence in the list: a refetch must not cut a run off before its
 * completion message arrives (that message is what reloads the assignments).
 */
export function useTaskStreams(tasks: readonly Task[] | undefined): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const open = useRef(new Map<string, AbortController>());

  useEffect(() => {
    for (const task of tasks ?? []) {
      // A cancelled task's stream stays open for the server's closing message, which
      // follow-task recognises as expected; aborting here would lose a refused cancel.
      if (open.current.has(task.id) || !isTaskVisible(task)) continue;
      const next = new AbortController();
      open.current.set(task.id, next);
      const deps = { queryClient, toast, signal: next.signal };
      const follow = FOLLOWERS[task.type];
      // The map keeps the id after the stream ends, so a finished task is never re-followed.
      follow(task, deps).catch((error: unknown) => console.error('Task stream failed', error));
    }
  }, [tasks, queryClient, toast]);

  // Logout unmounts the shell: every stream closes with it.
  useEffect(() => {
    const streams = open.current;
    return () => {
      for (const controller of streams.values()) controller.abort();
      streams.clear();
    };
  }, []);
}
