import { wholeSetting } from './whole-setting';

/** How tasks run in this process: limits, keep-alive and whether this process works the queue. */
export interface TaskSettings {
  /** false on API nodes when `npm run worker` processes take the tasks (RUN_WORKERS=false). */
  runWorkers: boolean;
  /** Time limit of an optimisation run (OPTIMIZE_TIME_LIMIT_SECONDS, default 20). */
  optimizeTimeLimitMs: number;
  /** Time limit of each algorithm in a comparison (COMPARE_TIME_LIMIT_SECONDS, default 3). */
  compareTimeLimitMs: number;
  /** Time limit of run_single_algorithm, answered in the request (SINGLE_RUN_TIME_LIMIT_SECONDS, default 5). */
  singleRunTimeLimitMs: number;
  /**
   * Starts a minute per user of each expensive operation: optimisation,
   * comparison, single run, kit assignment (TASK_RATE_PER_MINUTE, default 10).
   */
  taskRatePerMinute: number;
  /** SSE keep-alive comment interval (SSE_KEEPALIVE_SECONDS, default 10; at most 15 s by design). */
  keepAliveMs: number;
  /**
   * How long past its time limit a request answered by a queued task (single
   * run, kit assignment) waits for a worker to take and finish it; then the
   * task is cancelled and the answer is 503.
   */
  awaitSlackMs: number;
  /** How often a running task checks for a cancel made through another process. */
  cancelPollMs: number;
  /** A running task whose heartbeat is older than this belonged to a process that died. */
  staleAfterMs: number;
  /**
   * Queued and running tasks allowed across all users and nodes (each runs a
   * solver thread); a start beyond answers 503 with Retry-After (MAX_ACTIVE_TASKS, default 20).
   */
  maxActiveTasks: number;
}

/** Thrown for a task setting that cannot be used; main prints it on one line. */
export class TaskSettingsError extends Error {
  override name = 'TaskSettingsError';
}

const seconds = (
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  max: number,
): number => {
  // eslint-disable-next-line meridian/string-key-injection -- name is one of this module's own setting names
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new TaskSettingsError(
      `${name} must be a number of seconds above 0 and at most ${max}, got '${raw}'`,
    );
  }
  return Math.round(value * 1000);
};

/** A whole-number task setting of at least 1 (wholeSetting, with this module's error). */
const wholeNumber = (
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  max: number,
): number =>
  wholeSetting(env, name, { fallback, min: 1, max }, (message) => new TaskSettingsError(message));

/**
 * Reads the task settings from the environment (all optional). The one parser of
 * these variables: parseConfig calls it at start to refuse bad values early, and
 * the task plugin and worker call it for the values they use.
 */
export function taskSettingsFromEnv(env: Record<string, string | undefined>): TaskSettings {
  const run = env.RUN_WORKERS?.trim().toLowerCase() ?? '';
  if (!['', 'true', 'false', '1', '0'].includes(run)) {
    throw new TaskSettingsError(`RUN_WORKERS must be true or false, got '${run}'`);
  }
  return {
    runWorkers: run !== 'false' && run !== '0',
    optimizeTimeLimitMs: seconds(env, 'OPTIMIZE_TIME_LIMIT_SECONDS', 20, 3600),
    compareTimeLimitMs: seconds(env, 'COMPARE_TIME_LIMIT_SECONDS', 3, 600),
    singleRunTimeLimitMs: seconds(env, 'SINGLE_RUN_TIME_LIMIT_SECONDS', 5, 60),
    taskRatePerMinute: wholeNumber(env, 'TASK_RATE_PER_MINUTE', 10, 100_000),
    keepAliveMs: seconds(env, 'SSE_KEEPALIVE_SECONDS', 10, 15),
    awaitSlackMs: 30_000,
    cancelPollMs: 500,
    staleAfterMs: 60_000,
    maxActiveTasks: wholeNumber(env, 'MAX_ACTIVE_TASKS', 20, 10_000),
  };
}
