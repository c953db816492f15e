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

  it('rolls back to its checkpoint exactly, any number of times', () => {
    const instance = randomInstance(11, 40, 10);
    const c = compileInstance(instance);
    const state = new SolutionState(c);
    const rng = new Rng(11);
    const randomChanges = (count: number) => {
      for (let step = 0; step < count; step++) {
        const slot = rng.pick(c.openSlots);
        const other = rng.pick(c.openSlots);
        const p = rng.next() < 0.1 ? -1 : rng.pick(slotCandidates(c, slot));
        if (rng.next() < 0.6 && state.canMove(slot, p)) state.move(slot, p);
        else if (state.canSwap(slot, other)) state.swap(slot, other);
      }
    };
    // What rollback must restore, read through the state's public views.
    const snapshot = () => ({
      assign: Array.from(state.assign),
      load: Array.from(state.load),
      visits: Array.from(state.visits),
      occupancy: Array.from(state.occupancy),
      held: Array.from({ length: c.physicistCount }, (_, p) =>
        Array.from({ length: state.load[p]! }, (_, k) => state.heldSlot(p, k)).sort(),
      ),
      parts: [state.unassigned, state.distanceMiles, state.balance, state.rotation],
      emptyOpen: state.emptyOpenSlots,
    });
    randomChanges(200);
    state.checkpoint();
    const atCheckpoint = snapshot();
    for (let round = 0; round < 5; round++) {
      randomChanges(50 + 40 * round);
      expect(snapshot()).not.toEqual(atCheckpoint);
      state.rollback();
      expect(snapshot()).toEqual(atCheckpoint);
    }
    // A new checkpoint is the point later rollbacks return to.
    randomChanges(100);
    state.checkpoint();
    const later = snapshot();
    randomChanges(100);
    state.rollback();
    expect(snapshot()).toEqual(later);
    const objective = evaluateObjective(instance, state.toAssignments());
    close(state.total, objective.total);
  });

  it('counts its empty open slots', () => {
    const c = compileInstance(randomInstance(12, 30, 8));
    const state = new SolutionState(c);
    const rng = new Rng(12);
    const recount = () => Array.from(c.openSlots).filter((s) => state.assign[s]! < 0).length;
    expect(state.emptyOpenSlots).toBe(c.openSlots.length);
    for (let step = 0; step < 2000; step++) {
      const slot = rng.pick(c.openSlots);
      const p = rng.next() < 0.2 ? -1 : rng.pick(slotCandidates(c, slot));
      if (state.canMove(slot, p)) state.move(slot, p);
      if (step % 100 === 0) expect(state.emptyOpenSlots).toBe(recount());
    }
    expect(state.clone().emptyOpenSlots).toBe(recount());
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
