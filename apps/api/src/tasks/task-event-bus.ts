import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema';

/**
 * Wakes the streams of a task when an event was stored. Events themselves are
 * always read from task_events, so a lost wake-up costs latency, never data.
 */
export interface TaskEventBus {
  /** Tells every process serving a stream of this task to read new events. */
  publish(taskId: string): Promise<void>;
  /** Calls `wake` on each publish for the task; returns the unsubscribe function. */
  subscribe(taskId: string, wake: () => void): () => void;
  /** True once closing: streams end so the server can shut down. */
  readonly isClosed: boolean;
  close(): Promise<void>;
}

/** Channel of the PostgreSQL fan-out; the payload is the task id. */
export const TASK_EVENTS_CHANNEL = 'meridian_task_events';

/** In-process fan-out: the embedded database has one process. */
export class LocalTaskEventBus implements TaskEventBus {
  protected readonly emitter = new EventEmitter();
  private closed = false;

  constructor() {
    // One listener per open stream; many streams of one task are normal.
    this.emitter.setMaxListeners(0);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  publish(taskId: string): Promise<void> {
    this.emitter.emit(taskId);
    return Promise.resolve();
  }

  subscribe(taskId: string, wake: () => void): () => void {
    this.emitter.on(taskId, wake);
    this.emitter.on('*close', wake);
    return () => {
      this.emitter.off(taskId, wake);
      this.emitter.off('*close', wake);
    };
  }

  close(): Promise<void> {
    this.closed = true;
    this.emitter.emit('*close');
    return Promise.resolve();
  }
}

/**
 * PostgreSQL fan-out: NOTIFY on publish, one LISTEN connection per process,
 * so any API node serves the stream of a task another process runs.
 */
export class PgTaskEventBus extends LocalTaskEventBus {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly db: Kysely<DB>,
    private readonly onError: (error: unknown) => void,
  ) {
    super();
  }

  /** Opens the LISTEN connection (reconnects by itself after a failure). */
  async start(): Promise<void> {
    // Imported here: only PostgreSQL has a bus, so the embedded server never loads the driver.
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === TASK_EVENTS_CHANNEL && message.payload)
        this.emitter.emit(message.payload);
    });
    client.on('error', (error) => {
      this.onError(error);
      this.reconnectLater();
    });
    await client.connect();
    await client.query(`listen ${TASK_EVENTS_CHANNEL}`);
    this.client = client;
  }

  private reconnectLater(): void {
    const old = this.client;
    this.client = null;
    void old?.end().catch(() => {});
    if (this.isClosed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      // Streams poll the table meanwhile, so nothing is lost while reconnecting.
      this.start().catch((error: unknown) => {
        this.onError(error);
        this.reconnectLater();
      });
    }, 1000);
  }

  override async publish(taskId: string): Promise<void> {
    await sql`select pg_notify(${TASK_EVENTS_CHANNEL}, ${taskId})`.execute(this.db);
  }

  override async close(): Promise<void> {
    await super.close();
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
