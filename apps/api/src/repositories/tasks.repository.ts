import type { PlanScope } from '@meridian/domain';
import type { PanelTaskType, Task, TaskStatus, TaskType } from '@meridian/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, TasksTable } from '../db/schema';

/** A stored task row. */
export type TaskRow = Selectable<TasksTable>;

/** What a new task is stored with. */
export interface NewTask {
  id: string;
  type: TaskType;
  name: string;
  algorithm: string | null;
  algorithms: string[] | null;
  createdBy: number | null;
  weights: unknown;
  seed: number;
  timeLimitMs: number;
  /** Iteration cap of an optimisation; absent or null: the time limit alone. */
  maxIterations?: number | null;
  /** What an optimisation may change; absent: the draft only. */
  scope?: PlanScope;
  total: number;
}

/** One stored stream event. */
export interface TaskEvent {
  id: number;
  data: unknown;
}

/** Progress fields a running task updates. */
export type TaskProgress = Pick<
  Task,
  'progress' | 'message' | 'elapsed_time' | 'estimated_total_time'
> & { results?: unknown };

/** A queued task's message, in the task list and its first stream event alike. */
export const QUEUED_MESSAGE = 'Queued, waiting for a worker';

const json = (value: unknown) => sql`${JSON.stringify(value ?? null)}::jsonb`;
const ACTIVE: TaskStatus[] = ['queued', 'running'];

/** The API's Task view of a row of a kind the task panel lists (PANEL_TASK_KINDS). */
export function toTask(row: TaskRow & { type: PanelTaskType }): Task {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    progress: row.progress,
    total: row.total,
    message: row.message,
    elapsed_time: row.elapsed_time,
    estimated_total_time: row.estimated_total_time,
    results: row.results ?? null,
    algorithm: row.algorithm,
  };
}

/** SQL of tasks and task_events. Methods take the handle so callers can pass a transaction. */
export class TasksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a queued task. */
  async insert(task: NewTask, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .insertInto('tasks')
      .values({
        id: task.id,
        type: task.type,
        name: task.name,
        algorithm: task.algorithm,
        algorithms: json(task.algorithms),
        created_by: task.createdBy,
        weights: json(task.weights),
        seed: task.seed,
        time_limit_ms: task.timeLimitMs,
        max_iterations: task.maxIterations ?? null,
        scope: task.scope ?? 'draft',
        total: task.total,
        message: QUEUED_MESSAGE,
        results: null,
        estimated_total_time: null,
      })
      .execute();
  }

  /** One task, row-locked when `lock` (inside a transaction). */
  find(id: string, db: Kysely<DB> = this.db, lock = false): Promise<TaskRow | undefined> {
    const query = db.selectFrom('tasks').selectAll().where('id', '=', id);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Queued and running tasks, oldest first. */
  listActive(db: Kysely<DB> = this.db): Promise<TaskRow[]> {
    return db
      .selectFrom('tasks')
      .selectAll()
      .where('status', 'in', ACTIVE)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Moves a queued task to running (this process claims it); undefined if it is no longer queued. */
  claim(id: string): Promise<TaskRow | undefined> {
    return this.db
      .updateTable('tasks')
      .set({
        status: 'running',
        message: 'Starting',
        started_at: sql`now()`,
        heartbeat_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  }

  /** Writes progress of a running task and refreshes its heartbeat. */
  async progress(id: string, p: TaskProgress): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({
        progress: p.progress,
        message: p.message,
        elapsed_time: p.elapsed_time,
        estimated_total_time: p.estimated_total_time,
        heartbeat_at: sql`now()`,
        ...(p.results === undefined ? {} : { results: json(p.results) }),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Current status, and refreshes the heartbeat while running (the cancel poll). */
  async pollStatus(id: string): Promise<TaskStatus | undefined> {
    const row = await this.db
      .updateTable('tasks')
      .set({ heartbeat_at: sql`case when status = 'running' then now() else heartbeat_at end` })
      .where('id', '=', id)
      .returning('status')
      .executeTakeFirst();
    return row?.status;
  }

  /**
   * Ends a queued or running task; false when it had already ended (the first
   * ending wins: a cancel beats a completion that arrives after it).
   */
  async finish(
    id: string,
    status: 'complete' | 'error' | 'cancelled',
    message: string,
    results: unknown,
    db: Kysely<DB> = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('tasks')
      .set({
        status,
        message,
        finished_at: sql`now()`,
        ...(status === 'complete' ? { progress: sql`total` } : {}),
        ...(results === undefined ? {} : { results: json(results) }),
        elapsed_time: sql`coalesce(extract(epoch from (now() - started_at)), 0)::float8`,
      })
      .where('id', '=', id)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Appends an event with the next id of its task (one statement, so ids are
   * unique and gap-free under concurrency); `final` closes the stream and
   * nothing is appended after it. Returns the id, or null when closed.
   */
  async appendEvent(
    taskId: string,
    data: unknown,
    final: boolean,
    db: Kysely<DB> = this.db,
  ): Promise<number | null> {
    const result = await sql<{ id: number }>`
      with next as (
        update tasks
        set last_event_id = last_event_id + 1, events_closed = events_closed or ${final}
        where id = ${taskId} and not events_closed
        returning last_event_id
      )
      insert into task_events (task_id, id, data)
      select ${taskId}, last_event_id, ${JSON.stringify(data)}::jsonb from next
      returning id`.execute(db);
    return result.rows[0]?.id ?? null;
  }

  /** Events after `after`, in order, at most `limit`. */
  eventsAfter(taskId: string, after: number, limit: number): Promise<TaskEvent[]> {
    return this.db
      .selectFrom('task_events')
      .select(['id', 'data'])
      .where('task_id', '=', taskId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Running tasks whose process stopped beating (any process may sweep them). */
  async staleRunning(olderThanMs: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'running')
      .where(
        sql<boolean>`coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => ${olderThanMs / 1000})`,
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many tasks are queued or running, across every process. */
  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Tasks queued for longer than `olderThanMs` (the sweep then asks the queue about each). */
  async staleQueued(olderThanMs: number): Promise<{ id: string; type: string }[]> {
    return this.db
      .selectFrom('tasks')
      .select(['id', 'type'])
      .where('status', '=', 'queued')
      .where(sql<boolean>`created_at < now() - make_interval(secs => ${olderThanMs / 1000})`)
      .execute();
  }

  /** Every queued or running task (embedded start-up: they belonged to the previous process). */
  async activeIds(): Promise<string[]> {
    const rows = await this.listActive();
    return rows.map((r) => r.id);
  }
}
