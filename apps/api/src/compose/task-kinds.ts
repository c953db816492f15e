import type {
  CompareStreamMessageSchema,
  OptimizeStreamMessage,
  TaskType,
  WhatIfStreamMessage,
} from '@meridian/contracts';
import type { z } from 'zod';
import { conflict, tooManyRequests } from '../http/http-error';
import type { ComparisonRun } from '../kinds/comparison/comparison-run.service';
import type { KitAssignmentRun } from '../kinds/kit-assignment/kit-assignment-run.service';
import type { OptimizationRun } from '../kinds/optimization/optimization-run.service';
import type { SingleRun } from '../kinds/single-run/single-run.service';
import type { WhatIfRun } from '../kinds/what-if/what-if-run.service';
import type { QueuedTaskKind } from '../tasks/task-kinds';

/** The worker sides of the queued kinds. */
export interface TaskKindRunners {
  optimization: OptimizationRun;
  comparison: ComparisonRun;
  singleRun: SingleRun;
  kitAssignment: KitAssignmentRun;
  whatIf: WhatIfRun;
}

/**
 * Every long-running kind that waits in a queue, declared once: its queue,
 * who may see it, its first stream message and its worker side. The stream
 * messages of each kind are the contracts' OptimizeStreamMessage and
 * CompareStreamMessage; the web's task panel lists any kind the server lists.
 * Single runs and kit assignments are answered in the request that queued
 * them (tasks/awaited-tasks.ts): no stream, not in the panel.
 */
export function declareTaskKinds(runners: TaskKindRunners): QueuedTaskKind[] {
  // One entry per kind of the contracts' TASK_KINDS: a missing or extra kind does not compile.
  const kinds: { [K in TaskType]: QueuedTaskKind & { type: K } } = {
    optimization: {
      type: 'optimization',
      queue: 'optimize',
      busy: () =>
        tooManyRequests(
          'You already have an optimisation queued or running; wait for it to finish or cancel it',
        ),
      // An optimisation changes everyone's schedule, so everyone may follow it.
      audience: 'everyone',
      queuedEvent: (task, message) =>
        ({
          type: 'progress',
          progress: 0,
          message,
          estimated_total_time: task.timeLimitMs / 1000,
          elapsed_time: 0,
        }) satisfies OptimizeStreamMessage,
      run: (task, signal) => runners.optimization.run(task, signal),
    },
    comparison: {
      type: 'comparison',
      queue: 'compare',
      busy: () =>
        tooManyRequests(
          'You already have a comparison running; wait for it to finish or cancel it',
        ),
      // A comparison changes nothing: it is its owner's business (and managers' by id).
      audience: 'owner',
      queuedEvent: (task, message) =>
        ({
          type: 'update',
          status: message,
          progress: 0,
          total: task.total,
          results: {},
          estimated_total_time: null,
        }) satisfies z.infer<typeof CompareStreamMessageSchema>,
      run: (task, signal) => runners.comparison.run(task, signal),
    },
    single_run: {
      type: 'single_run',
      queue: 'single-run',
      busy: () => tooManyRequests('You already have an analysis running; wait for it to finish'),
      // It changes nothing: its owner's business (and managers' by id), like a comparison.
      audience: 'owner',
      queuedEvent: null,
      run: (task, signal) => runners.singleRun.run(task, signal),
    },
    kit_assignment: {
      type: 'kit_assignment',
      queue: 'kit-assignment',
      // One in all, not per user: a second would solve the same schedule and race the first's write.
      busy: () => conflict('Kits are already being assigned; wait for that run to finish'),
      // It changes everyone's kits.
      audience: 'everyone',
      queuedEvent: null,
      run: (task, signal) => runners.kitAssignment.run(task, signal),
    },
    what_if: {
      type: 'what_if',
      queue: 'what-if',
      busy: () =>
        tooManyRequests(
          'You already have a what-if queued or running; wait for it to finish or cancel it',
        ),
      // A what-if changes nothing until its proposal is applied: its owner's business.
      audience: 'owner',
      queuedEvent: (_task, message) =>
        ({
          type: 'progress',
          progress: 0,
          message,
          estimated_total_time: null,
          elapsed_time: 0,
        }) satisfies WhatIfStreamMessage,
      run: (task, signal) => runners.whatIf.run(task, signal),
    },
  };
  return Object.values(kinds);
}
