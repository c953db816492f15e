import {
  checkHardConstraints,
  evaluateObjective,
  fromDayNumber,
  dayNumber,
} from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance, slotCandidates } from '../src/core/compile';
import { currentPlanState } from '../src/core/current-plan';
import { Rng } from '../src/core/rng';
import { SolutionState } from '../src/core/solution';
import { randomInstance } from './fixtures';

const close = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));

/**
 * A random instance with a current plan (a random half of the slots, some
 * naming a physicist of the wrong role or on leave, which no plan can keep),
 * preferences (dates and weekdays) and both weights of planning over time.
 */
function replanningInstance(seed: number): Instance {
  const instance = randomInstance(seed, 40, 10);
  const rng = new Rng(seed + 100);
  const ids = instance.physicists.map((p) => p.id);
  const first = dayNumber('2027-03-01');
  return {
    ...instance,
    weights: { ...instance.weights, stability: 0.7, preference: 0.3 },
    physicists: instance.physicists.map((p, i) => ({
      ...p,
      avoid_dates: i % 3 === 0 ? [fromDayNumber(first + rng.int(30))] : [],
      avoid_weekdays: i % 4 === 1 ? [1 + rng.int(7)] : [],
    })),
    jobs: instance.jobs.map((job) => ({
      ...job,
      current_lead_id: rng.next() < 0.5 ? rng.pick(ids) : null,
      current_data_acq_id: rng.next() < 0.5 ? rng.pick(ids) : null,
    })),
  };
}

describe('SolutionState with a current plan and preferences', () => {
  it.each([1, 2, 3])('keeps exact incremental F, S and P on random moves (seed %i)', (seed) => {
    const instance = replanningInstance(seed);
    const c = compileInstance(instance);
    const state = new SolutionState(c);
    const rng = new Rng(seed);
    const judge = () => {
      const objective = evaluateObjective(instance, state.toAssignments());
      close(state.total, objective.total);
      close(state.f, objective.f);
      expect(state.changed).toBe(objective.changed_slots);
      expect(state.avoided).toBe(objective.avoided_days);
    };
    judge();
    for (let step = 0; step < 3000; step++) {
      const slot = rng.pick(c.openSlots);
      const before = state.total;
      if (rng.next() < 0.5) {
        const p = rng.next() < 0.1 ? -1 : rng.pick(slotCandidates(c, slot));
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
      if (step % 250 === 0) judge();
    }
    judge();
  });

  it('keeps what it can of the current plan, and counts the rest as changed', () => {
    const instance = replanningInstance(4);
    const c = compileInstance(instance);
    const kept = currentPlanState(c)!;
    const assignments = kept.toAssignments();
    expect(checkHardConstraints(instance, assignments)).toEqual([]);
    const objective = evaluateObjective(instance, assignments);
    expect(kept.changed).toBe(objective.changed_slots);
    // Every planned slot it did not keep could not be kept: wrong role, leave, or a clash.
    let forced = 0;
    instance.jobs.forEach((job, j) => {
      for (const role of [0, 1] as const) {
        const id = role === 0 ? job.current_lead_id : job.current_data_acq_id;
        if (id == null) continue;
        const held = kept.assign[2 * j + role];
        const p = instance.physicists.findIndex((x) => x.id === id);
        if (held === p) continue;
        forced++;
        const roleOk = c.physicistRole[p] === role;
        const eligible = c.eligible[j * c.physicistCount + p] === 1;
        expect(roleOk && eligible && kept.isFree(p, j)).toBe(false);
      }
    });
    expect(forced).toBe(objective.changed_slots);
    expect(forced).toBeGreaterThan(0);
  });
});
