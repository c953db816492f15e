import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex';

const SESSION_WAIT_MS = 30_000;

/**
 * Counts the statements that may have written, in the one process that can
 * reach the embedded database. Every statement passes the dialect below, so
 * an unchanged count proves no table changed since it was read: a reader may
 * keep what it read (the data-version counters) without asking again.
 */
export class WriteClock {
  private ticks = 0;

  /** The count now; compare a later reading with it. */
  now(): number {
    return this.ticks;
  }

  /** Called before each statement that is not a plain SELECT. */
  tick(): void {
    this.ticks += 1;
  }
}

/**
 * True for a statement that cannot change a table: a Kysely SELECT with no
 * WITH clause (a CTE may insert, update or delete). Raw SQL, transaction
 * control and every other statement count as possible writes, so the clock
 * errs towards one more read, never towards a missed write. (No migration
 * defines a function that writes and could be called from a SELECT.)
 */
function cannotWrite(compiled: CompiledQuery): boolean {
  const node = compiled.query;
  return SelectQueryNode.is(node) && node.with === undefined;
}

/**
 * One turn of the event loop. PGlite runs a statement synchronously on the
 * main thread and settles its promise as a microtask, and the session's mutex
 * hands over by microtask too, so without this a queue of waiting queries ran
 * back to back in one turn: under 200 streams no socket was read for up to
 * 2 s, and streams waited past 10 s (docs/reliability-notes.md).
 */
const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite is one session: every Kysely connection is that session, handed out
 * under a mutex so a transaction never interleaves with other queries.
 */
class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly clock: WriteClock,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Sockets, timers and refusals get their turn between statements, not after the whole queue.
    await ioTurn();
    // Before the statement runs: a reader that saw the old count reads again.
    if (!cannotWrite(compiled)) this.clock.tick();
    const params = compiled.parameters as unknown[];
    if (params.length === 0) {
      // exec runs the simple protocol, which allows a multi-statement script (migrations).
      const results = await this.pglite.exec(compiled.sql);
      const last = results.at(-1);
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: last?.affectedRows === undefined ? undefined : BigInt(last.affectedRows),
      };
    }
    const result = await this.pglite.query<R>(compiled.sql, params);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(
    private readonly pglite: PGlite,
    clock: WriteClock,
  ) {
    this.connection = new PGliteConnection(pglite, clock);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A query on the outer handle inside a transaction would wait forever: fail loudly instead.
    const release = await this.mutex.acquire(
      SESSION_WAIT_MS,
      `Embedded database busy for ${SESSION_WAIT_MS / 1000} s: was the outer Kysely handle used inside a transaction? Use the transaction handle (trx).`,
    );
    // A fresh object per acquisition so each release is tracked on its own.
    const lease: DatabaseConnection = {
      executeQuery: (q) => this.connection.executeQuery(q),
      streamQuery: () => this.connection.streamQuery(),
    };
    this.releases.set(lease, release);
    return lease;
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** A Kysely dialect over one PGlite instance (PostgreSQL SQL, single guarded session). */
export class PGliteDialect implements Dialect {
  /** Ticks on every statement that may write (see WriteClock). */
  readonly clock = new WriteClock();

  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.clock);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
