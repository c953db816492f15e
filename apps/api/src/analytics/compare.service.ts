import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { CompareStreamMessageSchema, TaskStarted } from '@meridian/contracts';
import { ALGORITHMS, WeightsSchema, type AlgorithmKey } from '@meridian/domain';
import { solve } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { PerUserGate } from '../http/per-user-gate';
import type { InstanceBuilder } from '../optimize/instance-builder';
import { labelOf } from '../optimize/optimize.service';
import type { SettingsService } from '../settings/settings.service';
import type { TaskSettings } from '../tasks/task-settings';
import type { TasksService } from '../tasks/tasks.service';
import type { TaskRow } from '../tasks/tasks.repository';
import {
  algorithmResult,
  failedResult,
  workloadOf,
  type AlgorithmRunResult,
} from './algorithm-result';

type CompareMessage = z.infer<typeof CompareStreamMessageSchema>;

/** Every catalogue key, in catalogue order: what a comparison runs by default. */
export const ALL_ALGORITHMS: AlgorithmKey[] = ALGORITHMS.map((a) => a.key);

const PROGRESS_EVERY_MS = 1000;

/**
 * Algorithm comparisons on the stored data: each algorithm solves the same
 * instance with a short time limit; results are reported, never written.
 * One running comparison per user (a partial unique index enforces it).
 */
export class CompareService {
  private readonly singleRuns = new PerUserGate(
    'You already have an analysis running; wait for it to finish',
  );

  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TasksService,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
  ) {}

  /** Queues a comparison of `algorithms` (default: the whole catalogue); 429 when one is running. */
  async start(user: AuthUser, algorithms: AlgorithmKey[] = ALL_ALGORITHMS): Promise<TaskStarted> {
    const perAlgorithm = this.taskSettings.compareTimeLimitMs;
    return this.tasks.create(
      {
        type: 'comparison',
        name: `Comparison of ${algorithms.length} algorithms`,
        algorithm: null,
        algorithms,
        createdBy: user.id,
        weights: await this.settings.getWeights(),
        seed: randomInt(1, 2 ** 31 - 1),
        timeLimitMs: perAlgorithm * algorithms.length,
        total: algorithms.length,
      },
      'compare',
      'You already have a comparison running; wait for it to finish or cancel it',
    );
  }

  /** The worker side: run each algorithm in turn, streaming results so far. */
  async run(task: TaskRow, signal: AbortSignal): Promise<void> {
    const algorithms = task.algorithms as AlgorithmKey[];
    const weights = WeightsSchema.parse(task.weights);
    const perAlgorithm = Math.floor(task.time_limit_ms / algorithms.length);
    const results: Record<string, AlgorithmRunResult> = {};
    const started = performance.now();
    const update = (status: string, progress: number) => {
      const elapsed = (performance.now() - started) / 1000;
      const estimate = Math.max(elapsed, (algorithms.length * perAlgorithm) / 1000);
      return this.tasks.progress(
        task.id,
        {
          progress,
          message: status,
          elapsed_time: elapsed,
          estimated_total_time: estimate,
          results,
        },
        {
          type: 'update',
          status,
          progress,
          total: algorithms.length,
          results: { ...results },
          estimated_total_time: estimate,
        } satisfies CompareMessage,
      );
    };
    await update('Reading jobs, staff and leave', 0);
    const { instance } = await this.builder.build(this.db, weights);
    for (const [i, algorithm] of algorithms.entries()) {
      if (signal.aborted) return;
      const status = `Running ${labelOf(algorithm)} (${i + 1} of ${algorithms.length})`;
      await update(status, i);
      let last = performance.now();
      let sending: Promise<void> = Promise.resolve();
      try {
        const result = await solve(
          instance,
          { algorithm, timeLimitMs: perAlgorithm, seed: task.seed, weights },
          {
            signal,
            onProgress: (p) => {
              if (performance.now() - last < PROGRESS_EVERY_MS) return;
              last = performance.now();
              sending = sending.then(() => update(status, i + p.fraction)).catch(() => {});
            },
          },
        );
        await sending;
        if (signal.aborted) return;
        results[algorithm] = algorithmResult(instance, result);
      } catch (error) {
        await sending;
        if (signal.aborted) return;
        results[algorithm] = failedResult(
          algorithm,
          error instanceof Error ? error.message : String(error),
        );
      }
    }
    await update('Finishing', algorithms.length);
    const failed = Object.values(results).filter((r) => r.error !== null).length;
    await this.tasks.finish(task.id, 'complete', {
      message: `Compared ${algorithms.length} algorithms${failed > 0 ? ` (${failed} failed)` : ''}`,
      finalEvent: { type: 'complete', results } satisfies CompareMessage,
      results,
    });
  }

  /**
   * One algorithm with a short time limit, answered in the request: the
   * workload map of its solution and its result. One at a time per user.
   * `signal` (the client went away) stops the solver: it runs in this process,
   * not on a queue worker, so nothing else would.
   */
  async runSingle(user: AuthUser, algorithm: AlgorithmKey, signal?: AbortSignal) {
    return this.singleRuns.run(user.id, async () => {
      const { instance } = await this.builder.build(this.db, await this.settings.getWeights());
      try {
        const result = await solve(
          instance,
          { algorithm, timeLimitMs: this.taskSettings.singleRunTimeLimitMs, seed: 1 },
          signal === undefined ? {} : { signal },
        );
        return {
          workload: workloadOf(instance, result),
          results: { [algorithm]: algorithmResult(instance, result) },
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { workload: {}, results: { [algorithm]: failedResult(algorithm, message) } };
      }
    });
  }
}
