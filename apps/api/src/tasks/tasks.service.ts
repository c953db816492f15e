import { randomUUID } from 'node:crypto';
import { isPanelTaskType, type Task, type TaskStarted, type TaskType } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { HttpError, forbidden, notFound } from '../http/http-error';
import type { TaskEventBus } from './task-event-bus';
import type { TaskKinds, TaskOutcome } from './task-kinds';
import type { TaskQueue } from './task-queue';
import {
  QUEUED_MESSAGE,
  toTask,
  type NewTask,
  type TaskProgress,
  type TaskRow,
  type TasksRepository,
} from '../repositories/tasks.repository';

/**
 * The final stream message of a task that failed or was cancelled (both stream
 * contracts share it); `status` lets every client tell a cancel from a failure.
 */
export const errorEvent = (message: string, status: 'error' | 'cancelled' = 'error') => ({
  type: 'error' as const,
  message,
  status,
});

const isManager = (user: AuthUser) => user.role === 'admin' || user.role === 'manager';

/** Task rules shared by every kind: create, progress, finish, cancel, list. */
export class TasksService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TasksRepository,
    readonly bus: TaskEventBus,
    private readonly queue: TaskQueue,
    private readonly kinds: TaskKinds,
    /** Queued and running tasks allowed server-wide (MAX_ACTIVE_TASKS). */
    private readonly maxActive: number = Number.POSITIVE_INFINITY,
  ) {}

  private readonly cancelListeners: ((id: string) => void)[] = [];

  /** Calls `listener` after each cancel (the local runner stops the task at once). */
  onCancel(listener: (id: string) => void): void {
    this.cancelListeners.push(listener);
  }

  /**
   * Stores a queued task with its first event, then hands it to the queue;
   * returns its id and name. Each user may have one queued or running task of
   * type (partial unique indexes, so the cap holds across processes; a kit
   * assignment is one in all); when there already is one, nothing is stored
   * and the answer is the kind's `busy` error. `alongside` writes, in the same
   * transaction, what the worker needs besides the task row.
   */
  async create(
    task: Omit<NewTask, 'id'>,
    alongside?: (trx: Kysely<DB>, id: string) => Promise<void>,
  ): Promise<TaskStarted> {
    const kind = this.kinds.get(task.type);
    // Every task holds a solver thread somewhere: past the cap, say so at once rather than queue.
    if ((await this.tasks.countActive()) >= this.maxActive) {
      throw new HttpError(
        503,
        'The server is busy with other optimisation tasks; try again in a few seconds',
        { 'retry-after': '10' },
      );
    }
    const id = randomUUID();
    try {
      await this.db.transaction().execute(async (trx) => {
        await this.tasks.insert({ ...task, id }, trx);
        if (kind.queuedEvent !== null) {
          await this.tasks.appendEvent(id, kind.queuedEvent(task, QUEUED_MESSAGE), false, trx);
        }
        // Rows the worker will read (a proposal to fill) exist before the task is queued.
        if (alongside) await alongside(trx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw kind.busy();
      throw error;
    }
    try {
      await this.queue.send(kind.queue, id, task.timeLimitMs / 1000 + 600);
    } catch (error) {
      // Without a queue entry nobody would ever run it: end it visibly.
      await this.fail(id, 'Could not queue the task');
      throw error;
    }
    return { task_id: id, name: task.name };
  }

  /** A task the caller may see, else 404 (also for another user's comparison: no existence leak). */
  async visible(id: string, user: AuthUser, type?: TaskType): Promise<TaskRow> {
    const row = await this.tasks.find(id);
    if (row === undefined || (type !== undefined && row.type !== type) || !this.canSee(row, user)) {
      throw notFound(`Task ${id} not found`);
    }
    return row;
  }

  private canSee(row: TaskRow, user: AuthUser): boolean {
    return this.sharedWithEveryone(row) || isManager(user) || row.created_by === user.id;
  }

  private sharedWithEveryone(row: TaskRow): boolean {
    return this.kinds.get(row.type).audience === 'everyone';
  }

  /**
   * Queued and running tasks for the caller's panel: every task of a kind
   * shared with everyone (it changes the shared schedule) and the caller's
   * own others. A comparison changes nothing, so another user's is none of
   * this panel's business, even for managers, who may still open or cancel it by id.
   * Kinds answered in their request (AWAITED_TASK_KINDS) are never listed.
   */
  async listActive(user: AuthUser): Promise<Task[]> {
    const rows = await this.tasks.listActive();
    return rows
      .filter((r) => this.sharedWithEveryone(r) || r.created_by === user.id)
      .flatMap((r) => (isPanelTaskType(r.type) ? [toTask({ ...r, type: r.type })] : []));
  }

  /** Records progress of a running task and streams `event`. */
  async progress(id: string, fields: TaskProgress, event: unknown): Promise<void> {
    await this.tasks.progress(id, fields);
    if ((await this.tasks.appendEvent(id, event, false)) !== null) await this.bus.publish(id);
  }

  /**
   * Ends a task with its final event in one transaction. `outcome` may be a
   * function: it runs in that transaction after the task row is locked, and
   * only while the task is still active (this is where a completion writes its
   * results). False when the task had already ended, e.g. cancelled: then
   * nothing is written.
   */
  async finish(
    id: string,
    status: 'complete' | 'error' | 'cancelled',
    outcome: TaskOutcome | ((trx: Kysely<DB>) => Promise<TaskOutcome>),
  ): Promise<boolean> {
    let afterCommit: TaskOutcome['afterCommit'];
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await this.tasks.find(id, trx, true);
      if (row === undefined || (row.status !== 'queued' && row.status !== 'running')) return false;
      const o = typeof outcome === 'function' ? await outcome(trx) : outcome;
      await this.tasks.finish(id, status, o.message, o.results, trx);
      await this.tasks.appendEvent(id, o.finalEvent, true, trx);
      afterCommit = o.afterCommit;
      return true;
    });
    if (done) await this.bus.publish(id);
    // The outcome is stored; a failed wake only delays what a client's next read shows.
    if (done) await afterCommit?.().catch(() => undefined);
    return done;
  }

  /** Ends a task as failed with `message` (stream: an error message). */
  fail(id: string, message: string): Promise<boolean> {
    return this.finish(id, 'error', { message, finalEvent: errorEvent(message) });
  }

  /** Cancels a queued or running task (admin, manager or its owner); the runner stops it. */
  async cancel(id: string, user: AuthUser, type?: TaskType): Promise<{ message: string }> {
    const row = await this.visible(id, user, type);
    if (!isManager(user) && row.created_by !== user.id) {
      throw forbidden('Only its owner, a manager or an admin may cancel this task');
    }
    const cancelled = await this.stop(id, `Cancelled by ${user.username}`);
    return {
      message: cancelled
        ? `Task ${row.name} cancelled.`
        : `Task ${row.name} had already ended (${row.status}).`,
    };
  }

  /**
   * Cancels a queued or running task on the server's own account (e.g. its
   * requester stopped waiting); the runner stops it. False if it had ended.
   */
  async stop(id: string, message: string): Promise<boolean> {
    const cancelled = await this.finish(id, 'cancelled', {
      message,
      finalEvent: errorEvent(message, 'cancelled'),
    });
    for (const listener of this.cancelListeners) listener(id);
    return cancelled;
  }

  /** Marks tasks as failed because the process running them is gone. */
  async markCrashed(ids: string[], why: string): Promise<number> {
    let n = 0;
    for (const id of ids) if (await this.fail(id, why)) n++;
    return n;
  }
}
