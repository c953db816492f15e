import { TASK_KINDS } from '@meridian/contracts';
import { conflict, HttpError } from '../http/http-error';
import type { NewTask, TaskRow, TasksRepository } from '../repositories/tasks.repository';
import type { TasksService } from './tasks.service';

/** Safety net: read the task this often even without a wake-up (lost NOTIFY, reconnect). */
const POLL_MS = 2000;

const isActive = (row: TaskRow) => row.status === 'queued' || row.status === 'running';

/** The HTTP status a worker recorded with a failure (results.http_status), else 500. */
function failureStatus(results: unknown): number {
  const status = (results as { http_status?: unknown } | null)?.http_status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Kinds answered in the request that starts them (AWAITED_TASK_KINDS): the
 * request queues the task like any other, so whichever process works the
 * queue runs it, and waits on the task event bus for its end.
 */
export class AwaitedTasks {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
  ) {}

  /**
   * Queues `task` and answers its row once a worker completed it. Otherwise
   * throws: 409 when someone cancelled it, the worker's recorded failure
   * (its message; status from results.http_status, else 500), and 503 when
   * no worker ended it within `waitMs`, after cancelling it. When `signal`
   * aborts (the client went away) the task is cancelled, so its solver stops.
   */
  async run(task: Omit<NewTask, 'id'>, waitMs: number, signal?: AbortSignal): Promise<TaskRow> {
    const label = TASK_KINDS[task.type].label;
    const { task_id: id } = await this.tasks.create(task);
    let row = await this.waitForEnd(id, waitMs, signal);
    if (row === undefined) {
      const seconds = Math.round(waitMs / 1000);
      const why = signal?.aborted
        ? 'Cancelled: its requester went away'
        : `Cancelled: no worker finished it within ${seconds} s`;
      await this.tasks.stop(id, why);
      // It may have ended just before the cancel: then that end stands.
      row = await this.repository.find(id);
      if (row === undefined) throw new Error(`task ${id} vanished`);
      if (row.status === 'cancelled' && row.message === why) {
        if (signal?.aborted) throw conflict(`${label} stopped: the client went away`);
        throw new HttpError(
          503,
          `${label} did not finish within ${seconds} s (is a worker running?); it was cancelled`,
        );
      }
    }
    if (row.status === 'complete') return row;
    if (row.status === 'cancelled') throw conflict(`${label} was cancelled (${row.message})`);
    throw new HttpError(failureStatus(row.results), row.message);
  }

  /** The task's row once it ended; undefined when `waitMs` passed or `signal` aborted first. */
  private waitForEnd(
    id: string,
    waitMs: number,
    signal: AbortSignal | undefined,
  ): Promise<TaskRow | undefined> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (row: TaskRow | undefined, error?: Error) => {
        if (settled) return;
        settled = true;
        unsubscribe();
        clearInterval(poll);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error === undefined) resolve(row);
        else reject(error);
      };
      const check = () => {
        this.repository.find(id).then(
          (row) => {
            if (row !== undefined && !isActive(row)) settle(row);
          },
          (error: unknown) =>
            settle(
              undefined,
              error instanceof Error ? error : new Error('could not read the task'),
            ),
        );
      };
      const onAbort = () => settle(undefined);
      const unsubscribe = this.tasks.bus.subscribe(id, check);
      const poll = setInterval(check, POLL_MS);
      const timer = setTimeout(() => settle(undefined), waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      // It may have ended before the subscription (a fast worker in this process).
      check();
    });
  }
}
