import type { TaskSettings } from '../config/task-settings';
import { userFacingMessage } from './task-failure';
import { StaleResult, type QueuedTaskKind, type RunContext, type TaskKinds } from './task-kinds';
import { errorEvent, type TasksService } from './tasks.service';
import type { TaskProgress, TaskRow, TasksRepository } from '../repositories/tasks.repository';

/** The logging this module needs (Fastify's logger or the worker's). */
export interface TaskLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Runs claimed tasks in this process: claims the task, calls its kind's
 * `run`, then its `apply` inside the finishing transaction (TaskWork in
 * task-kinds.ts), and fails the task when either throws. One AbortController
 * per task, aborted by a local cancel at once, or by the cancel poll (every
 * cancelPollMs) when the cancel came through another process. The poll also
 * beats the heartbeat that tells other processes this task is alive.
 */
export class TaskRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
    private readonly kinds: TaskKinds,
    private readonly settings: TaskSettings,
    private readonly log: TaskLog,
  ) {}

  /** How many tasks this process is running now. */
  get activeCount(): number {
    return this.running.size;
  }

  /** Resolves once this process runs no task (tests: a cancel really stopped the solver). */
  whenIdle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Claims a queued task and works it; a task already cancelled is skipped. */
  async execute(taskId: string): Promise<void> {
    const task = await this.repository.claim(taskId);
    if (task === undefined) return;
    const kind = this.kinds.get(task.type);
    const controller = new AbortController();
    this.running.set(taskId, controller);
    const poll = setInterval(() => {
      this.repository.pollStatus(taskId).then(
        (status) => {
          if (status !== 'running') controller.abort();
        },
        (error: unknown) => this.log.warn({ err: error, taskId }, 'task status poll failed'),
      );
    }, this.settings.cancelPollMs);
    try {
      await this.work(kind, task, controller.signal);
    } catch (error) {
      // Internal text (stack, SQL, schema dumps) stays in the log; users get a plain sentence.
      const message = userFacingMessage(error);
      this.log.error({ err: error, taskId }, 'task failed');
      await kind.work
        .failed?.(task)
        .catch((e: unknown) => this.log.error({ err: e, taskId }, 'task failure hook failed'));
      await this.tasks
        .fail(taskId, message)
        .catch((e: unknown) => this.log.error({ err: e, taskId }, 'could not record task failure'));
    } finally {
      clearInterval(poll);
      this.running.delete(taskId);
      if (this.running.size === 0) {
        for (const resolve of this.idle) resolve();
        this.idle.clear();
      }
    }
  }

  /**
   * Runs, then applies in the finishing transaction; a stale result (the
   * data changed under the run) is run again, up to the kind's attempts.
   * A cancel during the run ends here: whoever aborted it ended the task.
   */
  private async work(kind: QueuedTaskKind, task: TaskRow, signal: AbortSignal): Promise<void> {
    const attempts = kind.attempts ?? 1;
    const ctx: RunContext = {
      signal,
      progress: (fields: TaskProgress, event: unknown) =>
        this.tasks.progress(task.id, fields, event),
    };
    for (let attempt = 1; ; attempt++) {
      const result = await kind.work.run(task, ctx);
      if (result === null || signal.aborted) return;
      try {
        await this.tasks.finish(task.id, 'complete', (trx) => kind.work.apply(trx, task, result));
        return;
      } catch (error) {
        if (!(error instanceof StaleResult)) throw error;
        if (attempt < attempts) continue;
        await this.tasks.finish(task.id, 'error', {
          message: error.message,
          finalEvent: errorEvent(error.message),
          results: { http_status: error.httpStatus },
        });
        return;
      }
    }
  }

  /** Stops one task of this process at once (a cancel arrived here). */
  abort(taskId: string): void {
    this.running.get(taskId)?.abort();
  }

  /**
   * Shutdown: stops every task of this process and marks it error, since a
   * task that did not complete changed nothing and will not resume.
   */
  async abortAll(why: string): Promise<void> {
    const ids = [...this.running.keys()];
    for (const controller of this.running.values()) controller.abort();
    await this.tasks.markCrashed(ids, why);
    await this.whenIdle();
  }
}
