import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance, slotCandidates } from '../src/core/compile';
import { Rng } from '../src/core/rng';
import { SolutionState } from '../src/core/solution';
import { randomInstance } from './fixtures';

const close = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));

describe('SolutionState', () => {
  it.each([1, 2, 3, 4, 5])('keeps exact incremental F on random moves (seed %i)', (seed) => {
    const instance = randomInstance(seed, 40, 10);
    const c = compileInstance(instance);
    const state = new SolutionState(c);
    const rng = new Rng(seed);
    for (let step = 0; step < 3000; step++) {
      const slot = rng.pick(c.openSlots);
      const before = state.total;
      if (rng.next() < 0.5) {
        const list = slotCandidates(c, slot);
        const p = rng.next() < 0.1 ? -1 : rng.pick(list);
        if (!state.canMove(slot, p)) continue;
        const delta = state.moveDelta(slot, p);
        state.move(slot, p);
        close(state.total - before, delta);
      } else {
        const other = rng.pick(c.openSlots);
        if (!state.canSwap(slot, other)) continue;
        const delta = state.swapDelta(slot, other);
        state.swap(slot, other);
        close(state.total - before, delta);
      }
      if (step % 300 === 0) {
        const assignments = state.toAssignments();
        expect(checkHardConstraints(instance, assignments)).toEqual([]);
        const objective = evaluateObjective(instance, assignments);
        close(state.total, objective.total);
        expect(state.unassigned).toBe(objective.unassigned);
        expect(state.rotation).toBe(objective.rotation);
        close(state.balance, objective.balance);
        close(state.distanceMiles, objective.distance_miles);
      }
    }
  });

  it('places pinned slots and never lets moves change them', () => {
    const instance = randomInstance(7, 20, 6);
    const c = compileInstance(instance);
    const state = new SolutionState(c);
    const pinnedSlot = c.pinned.findIndex((p) => p >= 0);
    expect(pinnedSlot).toBeGreaterThanOrEqual(0);
    expect(state.assign[pinnedSlot]).toBe(c.pinned[pinnedSlot]);
    expect(state.canMove(pinnedSlot, -1)).toBe(false);
  });

  it('clone and loadAssignment reproduce the same solution', () => {
    const c = compileInstance(randomInstance(9, 30, 8));
    const state = new SolutionState(c);
    for (const slot of c.openSlots) {
      const p = slotCandidates(c, slot).find((q) => state.canMove(slot, q));
      if (p !== undefined) state.move(slot, p);
    }
    const copy = new SolutionState(c);
    copy.loadAssignment(state.assign);
    close(copy.total, state.total);
    close(state.clone().total, state.total);
  });
});
