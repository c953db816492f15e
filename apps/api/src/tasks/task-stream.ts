import type { SSEReplyInterface } from '@fastify/sse';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Task } from '@meridian/contracts';
import type { AuthUser } from '../http/fastify-types';
import { tooManyRequests } from '../http/http-error';
import type { TaskEventBus } from './task-event-bus';
import type { TasksService } from './tasks.service';
import type { TaskRow, TasksRepository } from '../repositories/tasks.repository';

/** Events read per query; a long-running task's history is sent in pages. */
const PAGE = 200;
/** Safety net: read the table this often even without a wake-up (lost NOTIFY, reconnect). */
const POLL_MS = 5000;
/** How often an open stream checks that its token still stands (revocation closes it within 5 s). */
const RECHECK_MS = 2000;
/** Open streams one user may hold in one process (each holds a socket and a subscription). */
export const MAX_STREAMS_PER_USER = 10;

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
 * waiting forever (SECURITY.md: a finished task answers so that the client
 * stops). A Last-Event-ID past the last event of a running task is capped to
 * it, so the client still gets every event that follows. Sent with
 * Cache-Control: no-store like every API answer: the SSE plugin would say
 * no-cache, and its raw writes never pass through the app's onSend hook.
 */
export async function serveTaskStream(
  request: FastifyRequest,
  reply: FastifyReply,
  task: TaskRow,
  repository: TasksRepository,
  bus: TaskEventBus,
  alive?: () => Promise<boolean>,
): Promise<void> {
  const lastEventId = parseLastEventId(request.headers['last-event-id']);
  if (task.events_closed && lastEventId >= task.last_event_id) {
    await reply.code(204).send();
    return;
  }
  // Headers set on the reply are copied onto the stream's head, replacing the plugin's.
  reply.header('cache-control', 'no-store');
  const after = Math.min(lastEventId, task.last_event_id);
  await streamTaskEvents(reply.sse, task, after, repository, bus, alive);
}

/**
 * Streams a task's stored events as SSE, ids = event numbers, from after
 * `lastEventId` (a reconnect resumes without loss or duplicates, since every
 * event is read from task_events in id order). Ends after the final event, so
 * a client that reconnects to a finished task gets that final event and stops.
 * A finished task without Last-Event-ID replays only its final event.
 */
export async function streamTaskEvents(
  sse: SSEReplyInterface,
  task: TaskRow,
  lastEventId: number,
  repository: TasksRepository,
  bus: TaskEventBus,
  alive: () => Promise<boolean> = () => Promise.resolve(true),
): Promise<void> {
  let after = lastEventId === 0 && task.events_closed ? task.last_event_id - 1 : lastEventId;
  let woken = false;
  let checkedAt = performance.now();
  let wake: (() => void) | null = null;
  const signal = () => {
    woken = true;
    wake?.();
  };
  // Subscribe before the first read: an event stored in between still wakes us.
  const unsubscribe = bus.subscribe(task.id, signal);
  sse.onClose(signal);
  try {
    // Headers and the keep-alive start now, even while a queued task has nothing new.
    sse.sendHeaders();
    while (sse.isConnected && !bus.isClosed) {
      woken = false;
      const events = await repository.eventsAfter(task.id, after, PAGE);
      for (const event of events) {
        if (!sse.isConnected) return;
        await sse.send({ id: String(event.id), data: event.data });
        after = event.id;
        if (isFinal(event.data)) return;
      }
      if (events.length === PAGE || woken) continue;
      // A revoked token (role change, password reset, deleted user) ends the stream within 5 s.
      if (performance.now() - checkedAt >= RECHECK_MS) {
        if (!(await alive())) return;
        checkedAt = performance.now();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(POLL_MS, RECHECK_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    unsubscribe();
  }
}

/** Streams of the tasks a caller may see, for the routes of every task kind. */
export class TaskStreams {
  private readonly open = new Map<number, number>();

  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
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
    const count = this.open.get(user.id) ?? 0;
    if (count >= MAX_STREAMS_PER_USER) {
      throw tooManyRequests(
        `At most ${MAX_STREAMS_PER_USER} task streams may be open at once; close one first`,
      );
    }
    this.open.set(user.id, count + 1);
    const reauthenticate = request.reauthenticate;
    const alive = async () => {
      const now = reauthenticate === null ? null : await reauthenticate().catch(() => user);
      return now !== null && now.id === user.id && now.role === user.role;
    };
    try {
      await serveTaskStream(request, reply, task, this.repository, this.tasks.bus, alive);
    } finally {
      const left = (this.open.get(user.id) ?? 1) - 1;
      if (left > 0) this.open.set(user.id, left);
      else this.open.delete(user.id);
    }
  }
}
