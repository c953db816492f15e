import type { SSEReplyInterface } from '@fastify/sse';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Task } from '@meridian/contracts';
import type { AuthUser } from '../http/fastify-types';
import type { StreamLease, UserStreams } from '../http/user-streams';
import type { TaskEventBus } from './task-event-bus';
import type { TasksService } from './tasks.service';
import type { TaskRow, TasksRepository } from '../repositories/tasks.repository';

/** Events read per query; a long-running task's history is sent in pages. */
const PAGE = 200;
/** Safety net: read the table this often even without a wake-up (lost NOTIFY, reconnect). */
const POLL_MS = 5000;

const isFinal = (data: unknown): boolean => {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'complete' || type === 'error';
};

/** Last-Event-ID as an event number; anything else reads as "from the start". */
export function parseLastEventId(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : 0;
}

/**
 * Answers a stream request for a task the caller may see. A finished task
 * whose last event the client already has (Last-Event-ID at or past it)
 * answers 204 No Content: EventSource, and lib/sse.ts in the web app, stop
 * reconnecting on 204, where a 200 with only keep-alives would leave them
 * waiting forever: a finished task answers so that the client stops. A
 * Last-Event-ID past the last event of a running task is capped to it, so
 * the client still gets every event that follows. Sent with
 * Cache-Control: no-store like every API answer: the SSE plugin would say
 * no-cache, and its raw writes never pass through the app's onSend hook.
 * Only a stream that opens counts against the user's cap (`open`): a 204
 * holds nothing.
 */
export async function serveTaskStream(
  request: FastifyRequest,
  reply: FastifyReply,
  task: TaskRow,
  repository: TasksRepository,
  bus: TaskEventBus,
  open: () => StreamLease = () => ({
    ended: new AbortController().signal,
    release: () => undefined,
  }),
): Promise<void> {
  const lastEventId = parseLastEventId(request.headers['last-event-id']);
  if (task.events_closed && lastEventId >= task.last_event_id) {
    await reply.code(204).send();
    return;
  }
  const lease = open();
  try {
    // Headers set on the reply are copied onto the stream's head, replacing the plugin's.
    reply.header('cache-control', 'no-store');
    const after = Math.min(lastEventId, task.last_event_id);
    await streamTaskEvents(reply.sse, task, after, repository, bus, lease.ended);
  } finally {
    lease.release();
  }
}

/**
 * Streams a task's stored events as SSE, ids = event numbers, from after
 * `lastEventId` (a reconnect resumes without loss or duplicates, since every
 * event is read from task_events in id order). Ends after the final event, so
 * a client that reconnects to a finished task gets that final event and stops.
 * A finished task without Last-Event-ID replays only its final event. Ends
 * too when `ended` is aborted (its token was revoked: UserStreams).
 */
export async function streamTaskEvents(
  sse: SSEReplyInterface,
  task: TaskRow,
  lastEventId: number,
  repository: TasksRepository,
  bus: TaskEventBus,
  ended: AbortSignal = new AbortController().signal,
): Promise<void> {
  let after = lastEventId === 0 && task.events_closed ? task.last_event_id - 1 : lastEventId;
  let woken = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    woken = true;
    wake?.();
  };
  // Subscribe before the first read: an event stored in between still wakes us.
  const unsubscribe = bus.subscribe(task.id, signal);
  sse.onClose(signal);
  ended.addEventListener('abort', signal, { once: true });
  try {
    // Headers and the keep-alive start now, even while a queued task has nothing new.
    sse.sendHeaders();
    while (sse.isConnected && !bus.isClosed && !ended.aborted) {
      woken = false;
      const events = await repository.eventsAfter(task.id, after, PAGE);
      for (const event of events) {
        if (!sse.isConnected || ended.aborted) return;
        await sse.send({ id: String(event.id), data: event.data });
        after = event.id;
        if (isFinal(event.data)) return;
      }
      if (events.length === PAGE || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    ended.removeEventListener('abort', signal);
    unsubscribe();
  }
}

/** Streams of the tasks a caller may see, for the routes of every task kind. */
export class TaskStreams {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
    private readonly userStreams: UserStreams,
  ) {}

  /** 404 unless `user` may see task `id` of `type`; else its stream (see serveTaskStream). */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    user: AuthUser,
    type: Task['type'],
  ): Promise<void> {
    const task = await this.tasks.visible(id, user, type);
    await serveTaskStream(request, reply, task, this.repository, this.tasks.bus, () =>
      this.userStreams.acquire(request, reply, user),
    );
  }
}
