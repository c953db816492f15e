import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance, slotCandidates } from '../src/core/compile';
import { fillEmptySlots } from '../src/core/coverage';
import { Rng } from '../src/core/rng';
import type { SolutionState } from '../src/core/solution';
import { nearestFeasibleGreedy } from '../src/construct/nearest-feasible';
import { descend } from '../src/local-search/moves';
import { relink } from '../src/portfolio/relink';
import { randomInstance } from './fixtures';

/** Moves each of `slots` to another candidate the state allows, wherever that raises F. */
function spoil(state: SolutionState, slots: readonly number[]): void {
  for (const slot of slots) {
    const other = slotCandidates(state.c, slot).find(
      (p) => p !== state.assign[slot] && state.canMove(slot, p) && state.moveDelta(slot, p) > 1e-6,
    );
    if (other !== undefined) state.move(slot, other);
  }
}

describe('path relinking between two members finds', () => {
  it('combines the good half of each end into a solution better than both', () => {
    const instance = randomInstance(17, 80, 16, 0);
    const c = compileInstance(instance, instance.weights);
    // A local optimum, then two ends each spoilt in a different half of the open slots.
    const optimum = nearestFeasibleGreedy(c);
    fillEmptySlots(optimum);
    descend(optimum, new Rng(1), () => false);
    const open = Array.from(c.openSlots);
    const half = Math.floor(open.length / 2);
    const first = optimum.clone();
    spoil(first, open.slice(half));
    const second = optimum.clone();
    spoil(second, open.slice(0, half));
    expect(first.total).toBeGreaterThan(optimum.total + 1);
    expect(second.total).toBeGreaterThan(optimum.total + 1);

    const { state, path } = relink(first, second, new Rng(3));
    expect(state).not.toBeNull();
    expect(path.differing).toBeGreaterThan(10);
    expect(path.steps).toBeLessThan(path.differing);
    // Better than both ends, and as good as the local optimum both were spoilt from.
    expect(state!.total).toBeLessThan(Math.min(first.total, second.total) - 1);
    expect(state!.total).toBeLessThanOrEqual(optimum.total + 1e-6);
    // Feasible, and its kept F is the evaluator's from scratch.
    const assignments = state!.toAssignments();
    expect(checkHardConstraints(instance, assignments)).toEqual([]);
    expect(evaluateObjective(instance, assignments).total).toBeCloseTo(state!.total, 6);
    expect(path.best).toBeCloseTo(state!.total, 9);
  });
});
