import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance, slotCandidates } from '../src/core/compile';
import { fillEmptySlots } from '../src/core/coverage';
import { Rng } from '../src/core/rng';
import { SolutionState } from '../src/core/solution';
import { reassignSlice, sliceDescent, sliceSlots } from '../src/local-search/slice-assignment';
import { randomInstance } from './fixtures';

/** The least F over every arrangement of the slice's slots (each a free candidate or nobody). */
function bruteForceSlice(state: SolutionState, slots: readonly number[]): number {
  const saved = state.clone();
  for (const slot of slots) if (state.assign[slot]! >= 0) state.move(slot, -1);
  let best = state.total;
  const walk = (i: number) => {
    if (i === slots.length) {
      best = Math.min(best, state.total);
      return;
    }
    const slot = slots[i]!;
    walk(i + 1);
    for (const p of slotCandidates(state.c, slot)) {
      if (!state.canMove(slot, p)) continue;
      state.move(slot, p);
      walk(i + 1);
      state.move(slot, -1);
    }
  };
  walk(0);
  state.copyFrom(saved);
  return best;
}

/** A random feasible solution: random moves, then the empty slots filled. */
function randomState(seed: number, jobs: number, physicists: number): SolutionState {
  const c = compileInstance(randomInstance(seed, jobs, physicists));
  const state = new SolutionState(c);
  const rng = new Rng(seed);
  for (let step = 0; step < 400; step++) {
    const slot = rng.pick(c.openSlots);
    const p = rng.pick(slotCandidates(c, slot));
    if (state.canMove(slot, p)) state.move(slot, p);
  }
  fillEmptySlots(state);
  return state;
}

describe('slice re-assignment', () => {
  it.each([1, 2, 3, 4, 5, 6])('finds the best arrangement of each slice (seed %i)', (seed) => {
    const state = randomState(seed, 24, 7);
    const c = state.c;
    let compared = 0;
    for (let role = 0; role < 2; role++) {
      for (let day = 0; day < c.horizonDays; day++) {
        const slots = sliceSlots(state, role, day);
        if (slots.length < 2) continue;
        const best = bruteForceSlice(state, slots);
        const before = state.total;
        const gain = reassignSlice(state, slots);
        expect(state.total).toBeCloseTo(best, 6);
        expect(gain).toBeCloseTo(before - state.total, 6);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(3);
    const assignments = state.toAssignments();
    expect(checkHardConstraints(c.instance, assignments)).toEqual([]);
    expect(evaluateObjective(c.instance, assignments).total).toBeCloseTo(state.total, 6);
  });

  it('descends to a solution no slice can improve, never raising F', () => {
    const state = randomState(11, 60, 12);
    const before = state.total;
    const gain = sliceDescent(state, new Rng(3), () => false);
    expect(gain).toBeGreaterThan(0);
    expect(state.total).toBeCloseTo(before - gain, 6);
    for (let role = 0; role < 2; role++)
      for (let day = 0; day < state.c.horizonDays; day++)
        expect(reassignSlice(state, sliceSlots(state, role, day))).toBeLessThan(1e-6);
    expect(checkHardConstraints(state.c.instance, state.toAssignments())).toEqual([]);
  });
});
