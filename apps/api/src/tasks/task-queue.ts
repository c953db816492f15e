import { CompiledQuery, sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/schema';

/** A pg-boss queue of this app (one per declared task kind). */
export type QueueName = string;

/** Handles one queued task id; errors are the handler's to record. */
export type QueueHandler = (taskId: string) => Promise<void>;

/**
 * pg-boss on the app's own database handle (PGlite or PostgreSQL alike).
 * Started lazily: an API node that never queues or works pays nothing. On a
 * per-test PostgreSQL schema pg-boss lives in that schema, so dropping the
 * schema removes it too; otherwise in `pgboss`.
 */
export class TaskQueue {
  private boss: Promise<PgBoss> | null = null;
  private readonly workers = new Map<QueueName, string>();
  // pg-boss's queries still running: it marks a job complete without awaiting it (pg-boss
  // 10.4, manager.js onFetch), so its stop can return before that query ends; the stop waits
  // for them, or a query left running on a closed database or a dropped schema rejects
  // unhandled (which ends a Node process). Tracking attaches a handler, so that one failed
  // completion no longer ends the process either: the task's own row is the record, and
  // pg-boss expires the job (retryLimit 0).
  private readonly queries = new Set<Promise<unknown>>();
  private readonly handlers = new Map<QueueName, QueueHandler>();

  constructor(
    private readonly db: Kysely<DB>,
    /** The queues to create when pg-boss starts (read then, after every kind is declared). */
    private readonly queueNames: () => QueueName[],
    private readonly onError: (error: unknown) => void,
  ) {}

  private async open(): Promise<PgBoss> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      this.db,
    );
    const current = rows[0]?.schema ?? 'public';
    // Imported here, not at the top: an embedded server that never queues a task never
    // loads pg-boss (0.1 to 0.2 s of every start).
    const { default: Boss } = await import('pg-boss');
    const boss = new Boss({
      db: {
        executeSql: (text: string, values: unknown[]) => {
          const query = this.db
            .executeQuery(CompiledQuery.raw(text, values ?? []))
            .then((result) => ({ rows: result.rows }));
          this.queries.add(query);
          const settled = () => this.queries.delete(query);
          query.then(settled, settled);
          return query;
        },
      },
      schema: current === 'public' ? 'pgboss' : current,
      // Our tasks table is the schedule of record; pg-boss only hands work out.
      schedule: false,
      maintenanceIntervalSeconds: 300,
      monitorStateIntervalSeconds: 600,
    });
    boss.on('error', this.onError);
    await boss.start();
    for (const name of this.queueNames()) {
      // A task runs at most once: a crash marks it error, it is never retried behind the user's back.
      await boss.createQueue(name, { name, retryLimit: 0 });
    }
    for (const [name, handler] of this.handlers) await this.register(boss, name, handler);
    return boss;
  }

  /** The started pg-boss (starts it on first use). */
  started(): Promise<PgBoss> {
    this.boss ??= this.open().catch((error: unknown) => {
      this.boss = null;
      throw error;
    });
    return this.boss;
  }

  /**
   * Queues a task id; `expireSeconds` bounds how long a worker may hold it.
   * The queue entry's id is the task's own id, so the sweep can ask whether
   * a queued task still has an entry that a worker will take.
   */
  async send(queue: QueueName, taskId: string, expireSeconds: number): Promise<void> {
    const boss = await this.started();
    await boss.send(queue, { taskId }, { id: taskId, expireInSeconds: Math.ceil(expireSeconds) });
    // Wake this process's worker at once instead of at its next poll.
    const worker = this.workers.get(queue);
    if (worker !== undefined && worker !== 'pending') boss.notifyWorker(worker);
  }

  /**
   * Whether a worker may still take the task: its queue entry exists and is
   * waiting or held (not completed, failed, expired or cancelled).
   */
  async holds(queue: QueueName, taskId: string): Promise<boolean> {
    const boss = await this.started();
    const job = await boss.getJobById(queue, taskId);
    return (
      job !== null && (job.state === 'created' || job.state === 'retry' || job.state === 'active')
    );
  }

  /**
   * Works a queue in this process, one task at a time. With `eager` false the
   * handler waits until pg-boss starts for another reason (the first task
   * queued here): an embedded app that never optimises never starts pg-boss.
   */
  async work(queue: QueueName, handler: QueueHandler, eager: boolean): Promise<void> {
    this.handlers.set(queue, handler);
    if (this.boss === null && !eager) return;
    await this.register(await this.started(), queue, handler);
  }

  private async register(boss: PgBoss, queue: QueueName, handler: QueueHandler): Promise<void> {
    if (this.workers.has(queue)) return;
    this.workers.set(queue, 'pending');
    const id = await boss.work<{ taskId: string }>(
      queue,
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await handler(job.data.taskId);
      },
    );
    this.workers.set(queue, id);
  }

  /** Stops polling and pg-boss; running handlers were aborted by the caller first. */
  async stop(): Promise<void> {
    const pending = this.boss;
    this.boss = null;
    if (pending === null) return;
    this.workers.clear();
    const boss = await pending.catch(() => null);
    await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    await Promise.allSettled([...this.queries]);
  }
}
