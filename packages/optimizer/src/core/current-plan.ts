import type { CompiledInstance } from './compile';
import { SolutionState } from './solution';

/**
 * The current plan x0 as far as it still fits (docs/optimization.md,
 * "Planning over time"): pinned and frozen slots as facts, then every
 * planned slot whose physicist may still hold it (role, leave, no overlap
 * with what is already placed), in slot order. Slots it cannot keep are
 * the changes the data forces. Null when the instance has no current plan.
 */
export function currentPlanState(c: CompiledInstance): SolutionState | null {
  if (c.plannedCount === 0) return null;
  const state = new SolutionState(c);
  for (let slot = 0; slot < c.planned.length; slot++) {
    const p = c.planned[slot]!;
    if (p >= 0 && state.canMove(slot, p)) state.move(slot, p);
  }
  return state;
}

/**
 * Where a construction starts: the current plan as far as it still fits (a
 * replanning run keeps it and fills only what is empty), else the pinned
 * slots alone.
 */
export const constructionStart = (c: CompiledInstance): SolutionState =>
  currentPlanState(c) ?? new SolutionState(c);
