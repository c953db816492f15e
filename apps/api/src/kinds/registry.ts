import type { TaskType } from '@meridian/contracts';
import { comparisonKind } from './comparison/comparison.kind';
import type { TaskKindModule } from './kind-module';
import { kitAssignmentKind } from './kit-assignment/kit-assignment.kind';
import { optimizationKind } from './optimization/optimization.kind';
import { singleRunKind } from './single-run/single-run.kind';
import { whatIfKind } from './what-if/what-if.kind';

/**
 * Every long-running kind, one module each: one entry per key of the
 * contracts' TASK_KINDS, so a kind the contract names but no module declares
 * (or the other way round) does not compile. The composition root builds
 * each module's worker side (compose/work.ts) and registers its routes
 * (compose/routes.ts) from this list, in this order.
 */
export const TASK_KIND_MODULES: { readonly [K in TaskType]: TaskKindModule<K, unknown> } = {
  optimization: optimizationKind,
  what_if: whatIfKind,
  comparison: comparisonKind,
  single_run: singleRunKind,
  kit_assignment: kitAssignmentKind,
};

/** The modules as a list, in declaration order. */
export const taskKindModules = (): TaskKindModule<TaskType, unknown>[] =>
  Object.values(TASK_KIND_MODULES);
