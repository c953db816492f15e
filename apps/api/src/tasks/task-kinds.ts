import type { TaskType } from '@meridian/contracts';
import type { HttpError } from '../http/http-error';
import type { NewTask, TaskRow } from '../repositories/tasks.repository';

/** The work of one task: resolve when done (having called tasks.finish), or throw to fail it. */
export type TaskBody = (task: TaskRow, signal: AbortSignal) => Promise<void>;

/**
 * One long-running kind of work that waits in a queue: declared once (in
 * compose/task-kinds.ts) with everything the task machinery needs to create,
 * show, stream and run it, so adding a kind touches that declaration, its
 * services and its routes, not the machinery.
 */
export interface QueuedTaskKind {
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
  /** The worker side. */
  run: TaskBody;
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
