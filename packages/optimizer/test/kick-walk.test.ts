import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { compileInstance } from '../src/core/compile';
import { Rng } from '../src/core/rng';
import { jobsInDateOrder } from '../src/construct/date-order';
import { balancedGreedy } from '../src/greedy/balanced-heuristic';
import { randomizedGreedy, samplingTemperature } from '../src/greedy/randomized-greedy';
import { kickWalk } from '../src/local-search/kick-walk';
import { descend } from '../src/local-search/moves';
import { improveOffspring, windowCrossover } from '../src/population/genetic-operators';
import { randomInstance } from './fixtures';

const instance = randomInstance(23, 80, 16, 3);
const c = compileInstance(instance, instance.weights);
const never = () => false;

/** The state's F, kept by incremental deltas, against the evaluator's from scratch; and no violation. */
function expectExact(state: ReturnType<typeof balancedGreedy>) {
  const assignments = state.toAssignments();
  expect(checkHardConstraints(instance, assignments)).toEqual([]);
  expect(state.total).toBeCloseTo(evaluateObjective(instance, assignments).total, 6);
}

describe('kickWalk (the local search of the memetic GA)', () => {
  it('accepts worse states under a threshold, yet hands back a state no worse than its start', () => {
    const rng = new Rng(3);
    const state = balancedGreedy(c);
    descend(state, rng, never);
    const scratch = state.clone();
    const start = state.total;
    const counts = { steps: 0, accepted: 0, improvements: 0 };
    // A generous threshold: the walk accepts worse states, yet must hand back its best.
    kickWalk(state, scratch, rng, 300, 0.05 * (start - 1e6 * state.unassigned), never, counts);
    expect(counts.steps).toBe(300);
    expect(counts.accepted).toBeGreaterThan(counts.improvements);
    expect(state.total).toBeLessThanOrEqual(start);
    expectExact(state);
  });

  it('with no threshold it only ever improves', () => {
    const rng = new Rng(4);
    const state = balancedGreedy(c);
    const scratch = state.clone();
    const start = state.total;
    const counts = { steps: 0, accepted: 0, improvements: 0 };
    kickWalk(state, scratch, rng, 200, 0, never, counts);
    expect(counts.accepted).toBe(counts.improvements);
    expect(state.total).toBeLessThan(start);
    expectExact(state);
  });
});

describe('windowCrossover', () => {
  it('gives a feasible child that takes a stretch of dates from the second parent and the rest from the first', () => {
    const rng = new Rng(5);
    const a = balancedGreedy(c);
    const b = randomizedGreedy(c, rng, samplingTemperature(c));
    descend(a, rng, never);
    descend(b, rng, never);
    const child = a.clone();
    const order = jobsInDateOrder(c);
    const changed = windowCrossover(child, a, b, order, rng);
    expectExact(child);
    expect(changed.length).toBeGreaterThan(0);
    // The changed slots are the slots of consecutive jobs in date order.
    const positions = changed.map((slot) => order.indexOf(slot >> 1));
    const span = Math.max(...positions) - Math.min(...positions) + 1;
    expect(span).toBeLessThanOrEqual(Math.round(0.2 * order.length));
    // Most of them hold the second parent's physicist (the rest clashed at the window's edges).
    const fromB = changed.filter((slot) => child.assign[slot] === b.assign[slot]).length;
    expect(fromB).toBeGreaterThan(changed.length / 2);
    // Outside the window the child is the first parent, but for slots an ejection chain moved.
    const outside = c.openSlots.filter((slot) => !changed.includes(slot));
    const same = outside.filter((slot) => child.assign[slot] === a.assign[slot]).length;
    expect(same).toBeGreaterThan(0.9 * outside.length);
  });
});

describe('improveOffspring (the local search of each child)', () => {
  const parents = () => {
    const rng = new Rng(8);
    const a = balancedGreedy(c);
    const b = randomizedGreedy(c, rng, samplingTemperature(c));
    descend(a, rng, never);
    descend(b, rng, never);
    return { a, b, rng };
  };

  it('hands back a feasible child with an exact F, no worse than the crossover gave', () => {
    const { a, b, rng } = parents();
    const child = a.clone();
    const changed = windowCrossover(child, a, b, jobsInDateOrder(c), rng);
    const afterCrossover = child.total;
    const counts = { walk: { steps: 0, accepted: 0, improvements: 0 }, sliceGain: 0 };
    improveOffspring(child, child.clone(), changed, rng, 120, 0.001, never, counts);
    expect(counts.walk.steps).toBe(120);
    expect(child.total).toBeLessThanOrEqual(afterCrossover);
    expectExact(child);
  });

  it('counts as slice gain no more than the slice passes took off a plain descent', () => {
    const { a, b, rng } = parents();
    const child = a.clone();
    const changed = windowCrossover(child, a, b, jobsInDateOrder(c), rng);
    // The same descent on a copy with an rng in the same state: F before the slice passes.
    const copy = child.clone();
    descend(copy, new Rng(11), never, changed);
    const counts = { walk: { steps: 0, accepted: 0, improvements: 0 }, sliceGain: 0 };
    improveOffspring(child, child.clone(), changed, new Rng(11), 0, 0, never, counts);
    expect(counts.walk.steps).toBe(0);
    expect(counts.sliceGain).toBeGreaterThan(0);
    // The final descent only lowers F further, so the drop is at least the slice gain.
    expect(copy.total - child.total).toBeGreaterThanOrEqual(counts.sliceGain - 1e-6);
    expectExact(child);
  });
});
