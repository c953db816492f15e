import type { TaskSettings } from '../config/task-settings';
import { userFacingMessage } from './task-failure';
import type { TaskBody } from './task-kinds';
import type { TasksService } from './tasks.service';
import type { TasksRepository } from '../repositories/tasks.repository';

/** The logging this module needs (Fastify's logger or the worker's). */
export interface TaskLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Runs claimed tasks in this process: one AbortController per task, aborted
 * by a local cancel at once, or by the cancel poll (every cancelPollMs) when
 * the cancel came through another process. The poll also beats the heartbeat
 * that tells other processes this task is alive.
 */
export class TaskRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
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

  /** Claims a queued task and runs `body` on it; a task already cancelled is skipped. */
  async execute(taskId: string, body: TaskBody): Promise<void> {
    const task = await this.repository.claim(taskId);
    if (task === undefined) return;
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
      await body(task, controller.signal);
    } catch (error) {
      // Internal text (stack, SQL, schema dumps) stays in the log; users get a plain sentence.
      const message = userFacingMessage(error);
      this.log.error({ err: error, taskId }, 'task failed');
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
