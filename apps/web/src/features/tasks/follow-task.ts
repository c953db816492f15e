import type { QueryClient } from '@tanstack/react-query';
import {
  CompareStreamMessageSchema,
  TASK_KINDS,
  OptimizeStreamMessageSchema,
  WhatIfStreamMessageSchema,
  type OptimizeStreamMessage,
  type RunSummary,
  type Task,
  type WhatIfStreamMessage,
} from '@meridian/contracts';
import type { z } from 'zod';
import type { EventSourceMessage } from 'eventsource-parser';
import { followSseStream, type SseVerdict } from '../../lib/sse';
import { queryKeys } from '../../lib/query-keys';
import { pushNotification } from '../../lib/notifications';
import type { ToastApi } from '../../components/toast/toast-context';
import { cachedTask, patchTask, removeTaskLater } from './task-cache';
import { formatMmSs } from './format-duration';

/** What a follower needs: the cache, toasts and the signal that closes its stream. */
export interface FollowDeps {
  queryClient: QueryClient;
  toast: ToastApi;
  signal: AbortSignal;
}

/** What the analytics screen reads under queryKeys.comparison(id). */
export interface ComparisonState {
  status: 'running' | 'complete' | 'error' | 'cancelled';
  progress: number;
  total: number;
  estimated_total_time: number | null;
  results: Record<string, unknown>;
  error: string | null;
}

/** The message of a stream that dropped. */
export const LOST = 'Connection to server lost.';

/** This user cancelled: the stream's closing words are then expected, not a failure. */
export function isCancelled(queryClient: QueryClient, id: string): boolean {
  const comparison = queryClient.getQueryData<ComparisonState>(queryKeys.comparison(id));
  return cachedTask(queryClient, id)?.status === 'cancelled' || comparison?.status === 'cancelled';
}

/** A stream event's JSON, or null. */
export function parseData(event: EventSourceMessage): unknown {
  try {
    return JSON.parse(event.data);
  } catch {
    return null;
  }
}

/** The server's name for the task once listed (the stream may start from a placeholder). */
export const nameOf = (queryClient: QueryClient, task: Task): string =>
  cachedTask(queryClient, task.id)?.name ?? task.name;

/**
 * The spec's global 'optimisation complete' event is this invalidation: every
 * screen showing jobs, assignments or analytics reloads them.
 */
function completeOptimisation(queryClient: QueryClient, task: Task, result: RunSummary): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
  void queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
  void queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
  // What the run did for people first (its headline); the counts and time after it.
  const counts = `${result.jobs_assigned} of ${result.jobs_total} jobs assigned in ${formatMmSs(result.elapsed_ms / 1000)}`;
  pushNotification(
    `${nameOf(queryClient, task)} finished: ` +
      (result.headline === null ? `${counts}.` : `${result.headline} (${counts}).`),
    'success',
  );
}

/**
 * The stream was answered 204: it had ended, but its final message never
 * reached us in a form we could read. The server's task list and the data the
 * task may have changed are the truth now, so reload them.
 */
export function reloadAfterUnreadEnd(queryClient: QueryClient, task: Task): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.activeTasks });
  if (!TASK_KINDS[task.type].changesSchedule) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
  void queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
  void queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
}

type Progress = Extract<OptimizeStreamMessage, { type: 'progress' }>;
type StreamError = Extract<OptimizeStreamMessage, { type: 'error' }>;

/** A stream whose messages are progress ticks, then one completion or error (optimisation, what-if). */
interface ProgressStream<C extends { type: 'complete' }> {
  schema: z.ZodType<Progress | StreamError | C>;
  /** What the completion does beyond marking the task complete and dropping it from the list. */
  complete: (message: C) => void;
}

/**
 * Follows one task that streams progress into the task list. Its proposal
 * outcome (a what-if's or preview's) waits under queryKeys.proposalOfTask:
 * the completion writes the id there, a failure its message, so a dialog
 * that waits on it stops waiting either way.
 */
function followProgressTask<C extends { type: 'complete'; result: Task['results'] }>(
  task: Task,
  { queryClient, toast, signal }: FollowDeps,
  stream: ProgressStream<C>,
) {
  /** A final error; `byServer` 'cancelled' is someone's cancel, never shown as a failure. */
  const fail = (message: string, text: string, byServer: 'error' | 'cancelled' = 'error') => {
    const cancelledHere = isCancelled(queryClient, task.id);
    const cancelled = cancelledHere || byServer === 'cancelled';
    patchTask(queryClient, task.id, { status: cancelled ? 'cancelled' : 'error', message });
    removeTaskLater(queryClient, task.id);
    queryClient.setQueryData(queryKeys.proposalOfTask(task.id), { error: message });
    if (cancelledHere) return;
    if (cancelled) {
      pushNotification(`${nameOf(queryClient, task)}: ${message}.`, 'info');
      return;
    }
    toast.error(text);
    pushNotification(`${nameOf(queryClient, task)} failed.`, 'error');
  };
  const onEvent = (event: EventSourceMessage): SseVerdict => {
    const parsed = stream.schema.safeParse(parseData(event));
    if (!parsed.success) return 'continue';
    const message = parsed.data;
    switch (message.type) {
      case 'progress':
        // Ticks still in flight after a cancel must not make the task visible again.
        if (isCancelled(queryClient, task.id)) return 'continue';
        patchTask(queryClient, task.id, {
          status: 'running',
          progress: message.progress,
          message: message.message,
          estimated_total_time: message.estimated_total_time,
          elapsed_time: message.elapsed_time,
        });
        return 'continue';
      case 'error':
        fail(
          message.message,
          `Task ${nameOf(queryClient, task)} failed: ${message.message}`,
          message.status,
        );
        return 'stop';
      case 'complete':
        patchTask(queryClient, task.id, {
          status: 'complete',
          results: message.result,
        });
        removeTaskLater(queryClient, task.id);
        stream.complete(message);
        return 'stop';
    }
  };
  return followSseStream(TASK_KINDS[task.type].streamPath(task.id), {
    signal,
    onEvent,
    onRefused: (error) =>
      fail(error.message, `Task ${nameOf(queryClient, task)} failed: ${error.message}`),
    onEnded: () => reloadAfterUnreadEnd(queryClient, task),
    onLost: () => fail(LOST, LOST),
  });
}

/** A proposal is ready: the dialog waiting under proposalOfTask reads it; nothing in the plan changed. */
function proposalReady(queryClient: QueryClient, task: Task, proposalId: number, text: string) {
  queryClient.setQueryData(queryKeys.proposalOfTask(task.id), proposalId);
  pushNotification(`${nameOf(queryClient, task)}${text}`, 'info');
}

/** Follows one optimisation task's stream; a preview's completion leaves a proposal instead. */
export function followOptimisation(task: Task, deps: FollowDeps) {
  const { queryClient } = deps;
  return followProgressTask(task, deps, {
    schema: OptimizeStreamMessageSchema,
    complete: (message: Extract<OptimizeStreamMessage, { type: 'complete' }>) => {
      if (message.proposal_id === undefined)
        completeOptimisation(queryClient, task, message.result);
      else proposalReady(queryClient, task, message.proposal_id, ' finished: a proposal is ready.');
    },
  });
}

/** Follows a what-if's stream; its completion leaves the proposal for the what-if dialog. */
export function followWhatIf(task: Task, deps: FollowDeps) {
  return followProgressTask(task, deps, {
    schema: WhatIfStreamMessageSchema,
    complete: (message: Extract<WhatIfStreamMessage, { type: 'complete' }>) =>
      proposalReady(deps.queryClient, task, message.proposal_id, ': a proposal is ready.'),
  });
}

/** Follows one comparison's stream into the task list and queryKeys.comparison(id). */
export function followComparison(task: Task, { queryClient, toast, signal }: FollowDeps) {
  const key = queryKeys.comparison(task.id);
  const startedAt = Date.now() - task.elapsed_time * 1000;
  const setState = (patch: Partial<ComparisonState>) =>
    queryClient.setQueryData<ComparisonState>(key, (old) => ({
      status: 'running',
      progress: 0,
      total: 0,
      estimated_total_time: null,
      results: {},
      error: null,
      ...old,
      ...patch,
    }));
  /** A final error; `byServer` 'cancelled' is someone's cancel, never shown as a failure. */
  const fail = (message: string, text: string, byServer: 'error' | 'cancelled' = 'error') => {
    const cancelledHere = isCancelled(queryClient, task.id);
    const cancelled = cancelledHere || byServer === 'cancelled';
    if (!cancelledHere) {
      setState(cancelled ? { status: 'cancelled' } : { status: 'error', error: message });
    }
    patchTask(queryClient, task.id, { status: cancelled ? 'cancelled' : 'error', message });
    removeTaskLater(queryClient, task.id);
    if (!cancelled) toast.error(text);
  };
  const onEvent = (event: EventSourceMessage): SseVerdict => {
    const parsed = CompareStreamMessageSchema.safeParse(parseData(event));
    if (!parsed.success) return 'continue';
    const message = parsed.data;
    switch (message.type) {
      case 'update':
        if (isCancelled(queryClient, task.id)) return 'continue';
        setState({
          status: 'running',
          progress: message.progress,
          total: message.total,
          estimated_total_time: message.estimated_total_time,
          results: message.results,
        });
        patchTask(queryClient, task.id, {
          status: 'running',
          progress: message.progress,
          total: message.total,
          estimated_total_time: message.estimated_total_time,
          // The comparison stream carries no elapsed time; count it from the task's start.
          elapsed_time: (Date.now() - startedAt) / 1000,
          // Progress counts algorithms, with the running one's fraction.
          message: `${Math.floor(message.progress)} of ${message.total} algorithms done`,
        });
        return 'continue';
      case 'complete': {
        setState({ status: 'complete', results: message.results });
        patchTask(queryClient, task.id, { status: 'complete', results: message.results });
        removeTaskLater(queryClient, task.id);
        const failed = Object.entries(message.results)
          .filter(([, result]) => result.error)
          .map(([algorithm]) => algorithm);
        if (failed.length > 0) toast.warning(`Could not run comparison for: ${failed.join(', ')}.`);
        pushNotification(
          `Algorithm comparison finished: ${Object.keys(message.results).length - failed.length} algorithms compared.`,
          'success',
        );
        return 'stop';
      }
      case 'error':
        fail(
          message.message,
          `Multi-algorithm analysis failed: ${message.message}`,
          message.status,
        );
        return 'stop';
    }
  };
  return followSseStream(TASK_KINDS[task.type].streamPath(task.id), {
    signal,
    onEvent,
    onRefused: (error) => fail(error.message, `Multi-algorithm analysis failed: ${error.message}`),
    onEnded: () => {
      // Whatever its end was, this screen will not learn it: stop showing it as running.
      if (queryClient.getQueryData<ComparisonState>(key)?.status === 'running') {
        setState({ status: 'error', error: 'its final message could not be read' });
      }
      reloadAfterUnreadEnd(queryClient, task);
    },
    onLost: () => fail(LOST, LOST),
  });
}
