import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { startingState } from '../greedy/start';
import { kickAndDescend } from './kick-search';
import { descend } from './moves';
import { kick, relatedSlots } from './perturb';

/**
 * `ts`: tabu search over compound moves (in the manner of ejection chains).
 * A neighbour of the current solution is a kick of 2 to 11 related slots (a
 * job and jobs overlapping it) followed by a descent from them, as one ILS
 * step makes it: single reassignments and swaps are too small a step here
 * (a tabu search over them, best of a sample of 24 slots per step, stayed
 * 1.9% from the optimum at 1,000 jobs where ils reached 1.2%). Each step
 * samples CANDIDATES such neighbours (each tried on the state and rolled
 * back) and moves to the best admissible one. A neighbour is tabu when it
 * gives a slot back to a physicist who left it within the tenure (a random
 * 5 + sqrt(open slots) / 4 to twice that, in steps), so the search does not
 * undo its last moves; a tabu neighbour that would give a new best is
 * allowed (aspiration). The best admissible neighbour is taken even when it
 * is worse, but not when worse by more than ils's threshold (0.1% of the
 * non-coverage cost, falling to nothing over the run through ctx.schedule):
 * taken unbounded, the walk drifted up (1.6 to 1.7%). After `stall` steps
 * without a new best it goes back to the best solution (the elite), kicks a
 * few related slots, and on (restarts_from_best).
 */
const CANDIDATES = 2;

export const tabuSearch: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const P = c.physicistCount;
  const state = startingState(ctx);
  const stop = () => ctx.stopWithinStep();
  descend(state, rng, stop);
  ctx.offer(state, 'ts');
  const open = c.openSlots;
  const stall = Math.max(100, c.jobCount);
  const limit = ctx.iterationCap;
  const tenureMin = 5 + Math.round(Math.sqrt(open.length) / 4);
  const memory: TabuMemory = {
    open,
    P,
    tabuUntil: new Int32Array(2 * c.jobCount * P),
    base: new Int32Array(state.assign.length),
    chosenChanges: [],
    changes: [],
  };
  const { base, chosenChanges } = memory;
  // The current state becomes the new best lazily: copied only when we are about to leave it.
  let atUnsavedBest = false;
  let sinceBest = 0;
  let restarts = 0;
  let aspirations = 0;
  let tabuRejected = 0;
  let moved = 0;
  let step = 0;
  const timer = new StepTimer(ctx.now);
  for (; step < limit && !ctx.shouldStop(timer.longestMs) && open.length > 0; step++) {
    const bestTotal = Math.min(ctx.best.total, atUnsavedBest ? state.total : Infinity);
    const startTotal = state.total;
    base.set(state.assign);
    const chosen = bestAdmissibleNeighbour(state, rng, stop, memory, step, bestTotal);
    const { total: chosenTotal, aspiring: chosenAspiring } = chosen;
    tabuRejected += chosen.tabuRejected;
    // As in ils: no neighbour worse by 0.1% of the non-coverage cost early on, by nothing at the end.
    const threshold = 0.001 * (1 - ctx.schedule(step)) * (startTotal - 1e6 * state.unassigned);
    if (chosenChanges.length > 0 && chosenTotal < startTotal + threshold) {
      if (atUnsavedBest && chosenTotal > startTotal) {
        ctx.offer(state, 'ts');
        atUnsavedBest = false;
      }
      if (chosenAspiring) aspirations++;
      moved++;
      applyNeighbour(state, rng, memory, step, tenureMin);
    }
    chosenChanges.length = 0;
    if (state.total < bestTotal - 1e-9) {
      atUnsavedBest = true;
      sinceBest = 0;
    } else if (++sinceBest >= stall) {
      if (atUnsavedBest) ctx.offer(state, 'ts');
      atUnsavedBest = false;
      state.copyFrom(ctx.best);
      kick(state, rng, relatedSlots(state, rng, 2 + rng.int(Math.min(10, open.length))));
      fillEmptySlots(state);
      sinceBest = 0;
      restarts++;
    }
    ctx.report(`tabu step ${step}`, ctx.schedule(step));
    await ctx.pause();
    timer.lap();
  }
  if (atUnsavedBest) ctx.offer(state, 'ts');
  return {
    stats: {
      iterations: step,
      iteration_unit: `step (${CANDIDATES} compound neighbours, each a kick and a descent, and a move to the best admissible)`,
      steps_that_moved: moved,
      neighbours_rejected_as_tabu: tabuRejected,
      aspirations,
      restarts_from_best: restarts,
      tenure_in_steps: [tenureMin, 2 * tenureMin - 1],
    },
  };
};

/** What the steps share: the tabu list, and scratch space reused from step to step. */
interface TabuMemory {
  readonly open: Int32Array;
  readonly P: number;
  /** Per (slot * P + physicist): the step until which giving the slot back to that physicist is tabu. */
  readonly tabuUntil: Int32Array;
  /** The current assignment at the step's start. */
  readonly base: Int32Array;
  /** The chosen neighbour's changes, and the one being tried: (slot, new holder) pairs. */
  readonly chosenChanges: number[];
  readonly changes: number[];
}

/**
 * Samples CANDIDATES neighbours (each a kick and a descent, tried on `state`
 * and rolled back) and keeps the best admissible one's changes in
 * memory.chosenChanges: not tabu, or tabu but a new best (aspiration).
 */
function bestAdmissibleNeighbour(
  state: SolutionState,
  rng: Rng,
  stop: () => boolean,
  memory: TabuMemory,
  step: number,
  bestTotal: number,
): { total: number; aspiring: boolean; tabuRejected: number } {
  const { open, P, tabuUntil, base, chosenChanges, changes } = memory;
  state.checkpoint();
  let chosenTotal = Infinity;
  let chosenAspiring = false;
  let tabuRejected = 0;
  for (let n = 0; n < CANDIDATES; n++) {
    kickAndDescend(state, rng, stop);
    const total = state.total;
    if (total < chosenTotal) {
      changes.length = 0;
      let isTabu = false;
      for (const slot of open) {
        const p = state.assign[slot]!;
        if (p === base[slot]) continue;
        changes.push(slot, p);
        if (p >= 0 && tabuUntil[slot * P + p]! > step) isTabu = true;
      }
      const aspiring = total < bestTotal - 1e-9;
      if (changes.length > 0 && (!isTabu || aspiring)) {
        chosenTotal = total;
        chosenAspiring = isTabu;
        chosenChanges.length = 0;
        chosenChanges.push(...changes);
      } else if (isTabu) tabuRejected++;
    }
    state.rollback();
  }
  state.endCheckpoint();
  return { total: chosenTotal, aspiring: chosenAspiring, tabuRejected };
}

/**
 * Moves `state` to the chosen neighbour: empties its slots, then gives each
 * its new holder (the end state is feasible), and makes each physicist who
 * left a slot tabu there for a random tenure.
 */
function applyNeighbour(
  state: SolutionState,
  rng: Rng,
  memory: TabuMemory,
  step: number,
  tenureMin: number,
): void {
  const { P, tabuUntil, base, chosenChanges } = memory;
  for (let i = 0; i < chosenChanges.length; i += 2) {
    if (state.assign[chosenChanges[i]!]! >= 0) state.move(chosenChanges[i]!, -1);
  }
  for (let i = 0; i < chosenChanges.length; i += 2) {
    const slot = chosenChanges[i]!;
    const p = chosenChanges[i + 1]!;
    if (p >= 0) state.move(slot, p);
    // Forbid undoing: the physicist leaving the slot may not come back for a while.
    const left = base[slot]!;
    if (left >= 0) tabuUntil[slot * P + left] = step + tenureMin + rng.int(tenureMin);
  }
  if (state.unassigned > 0) fillEmptySlots(state);
}
