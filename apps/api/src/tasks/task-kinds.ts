import type { TaskType } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { HttpError } from '../http/http-error';
import type { NewTask, TaskProgress, TaskRow } from '../repositories/tasks.repository';

/** How a task ended: its message, final stream event and results. */
export interface TaskOutcome {
  message: string;
  finalEvent: unknown;
  results?: unknown;
  /** What to do once the outcome's transaction committed (wake the streams of people told). */
  afterCommit?: () => Promise<void>;
}

/** What a kind's runner gets from the task runner while it works. */
export interface RunContext {
  /** Aborted by a cancel (here or through another process) and at shutdown. */
  signal: AbortSignal;
  /** Records progress on the task row and streams `event` to its followers. */
  progress: (fields: TaskProgress, event: unknown) => Promise<void>;
}

/**
 * The worker side of a kind, in two steps the task runner calls in turn:
 * `run` works the result out with no transaction open (reads, solves,
 * streams progress), then `apply` writes it in the task's finishing
 * transaction and says how the task ended. Neither calls back into the
 * machinery: the runner claims, runs, applies and fails the task.
 */
export interface TaskWork<R> {
  /** The result to apply, or null when there is nothing to finish (cancelled). */
  run(task: TaskRow, ctx: RunContext): Promise<R | null>;
  /**
   * Writes `result` with the task row locked and still active (a cancel that
   * came first wins and apply is not called), and answers the task's final
   * message, stream event and results. Throwing rolls every write back;
   * throwing StaleResult asks for another run (see QueuedTaskKind.attempts).
   */
  apply(trx: Kysely<DB>, task: TaskRow, result: R): Promise<TaskOutcome>;
  /** Called when run or apply threw, before the task is marked failed (e.g. a proposal it fills). */
  failed?(task: TaskRow): Promise<void>;
}

/**
 * Thrown by apply when the data its run read changed meanwhile so that the
 * result no longer fits: nothing is written, and the runner runs the task
 * again, up to the kind's `attempts`; then the task fails with this message
 * and `httpStatus` (the status a request waiting for it answers).
 */
export class StaleResult extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/**
 * One long-running kind of work that waits in a queue, as the task machinery
 * sees it: everything it needs to create, show, stream and run one. The kinds
 * are declared in src/kinds/ (one module each, listed in kinds/registry.ts);
 * the composition root hands their worker sides to TaskKinds.
 */
export interface QueuedTaskKind<R = unknown> {
  /** The tasks.type value: a key of the contracts' TASK_KINDS. */
  type: TaskType;
  /** The pg-boss queue it waits in. */
  queue: string;
  /** The answer when one is already queued or running (per user, or in all: see the migrations). */
  busy: () => HttpError;
  /**
   * Who may see, follow and list it: 'everyone' for kinds that change the
   * shared schedule; otherwise its owner, plus managers and admins by id.
   */
  audience: 'everyone' | 'owner';
  /**
   * The first stream message, sent while it waits in the queue; null for a
   * kind answered in its request (nobody streams it).
   */
  queuedEvent: ((task: Omit<NewTask, 'id'>, message: string) => unknown) | null;
  /** How many runs an apply that finds its result stale (StaleResult) may ask for; default 1. */
  attempts?: number;
  /** The worker side. */
  work: TaskWork<R>;
}

/** The declared kinds, looked up by type. Filled once by the composition root. */
export class TaskKinds {
  private readonly kinds = new Map<string, QueuedTaskKind>();

  declare(kind: QueuedTaskKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`task kind ${kind.type} declared twice`);
    this.kinds.set(kind.type, kind);
  }

  get(type: string): QueuedTaskKind {
    const kind = this.kinds.get(type);
    if (kind === undefined) throw new Error(`task kind ${type} is not declared`);
    return kind;
  }

  all(): QueuedTaskKind[] {
    return [...this.kinds.values()];
  }
}
