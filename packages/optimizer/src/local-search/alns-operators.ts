import { haversineMiles } from '@meridian/domain';
import type { Rng } from '../core/rng';
import { sortByKey } from '../core/sort-by-key';
import type { SolutionState } from '../core/solution';
import { relatedSlots } from './perturb';

/** A destroy operator empties about `size` filled open slots and returns them. */
export type Destroy = (state: SolutionState, rng: Rng, size: number) => number[];
/** A repair operator refills emptied slots (whatever it cannot fill stays empty). */
export type Repair = (state: SolutionState, rng: Rng, slots: number[]) => void;

const empty = (state: SolutionState, slots: Iterable<number>): number[] => {
  const removed: number[] = [];
  for (const slot of slots) {
    if (state.assign[slot]! >= 0 && state.c.pinned[slot]! < 0) {
      state.move(slot, -1);
      removed.push(slot);
    }
  }
  return removed;
};

/** Random removal. */
export const randomDestroy: Destroy = (state, rng, size) =>
  empty(
    state,
    Array.from({ length: size }, () => rng.pick(state.c.openSlots)),
  );

/** Time-related removal: a job and jobs overlapping it (they compete for the same people). */
export const timeDestroy: Destroy = (state, rng, size) =>
  empty(state, relatedSlots(state, rng, size));

/** Geographic removal: slots of the jobs nearest a random job (ties by index). */
export const geoDestroy: Destroy = (state, rng, size) => {
  const c = state.c;
  const jobs = c.instance.jobs;
  const seed = jobs[rng.pick(c.openSlots) >> 1]!;
  // The k nearest by one pass that keeps them sorted (k is small; no sort of every job).
  const k = Math.ceil(size / 2);
  const nearMiles = new Float64Array(k).fill(Infinity);
  const nearJob = new Int32Array(k).fill(-1);
  for (let j = 0; j < c.jobCount; j++) {
    if (!c.jobHasCoords[j]) continue;
    const miles = haversineMiles(seed.lat!, seed.lon!, jobs[j]!.lat!, jobs[j]!.lon!);
    if (miles >= nearMiles[k - 1]!) continue;
    let i = k - 1;
    for (; i > 0 && nearMiles[i - 1]! > miles; i--) {
      nearMiles[i] = nearMiles[i - 1]!;
      nearJob[i] = nearJob[i - 1]!;
    }
    nearMiles[i] = miles;
    nearJob[i] = j;
  }
  const slots: number[] = [];
  for (const j of nearJob) if (j >= 0) slots.push(2 * j, 2 * j + 1);
  return empty(state, slots);
};

/** Worst removal: the filled slots whose removal saves most, randomised (Ropke and Pisinger's p = 3). */
export const worstDestroy: Destroy = (state, rng, size) => {
  const open = state.c.openSlots;
  const filled = new Int32Array(open.length);
  const saving = new Float64Array(state.c.jobCount * 2);
  let n = 0;
  for (const slot of open) {
    const p = state.assign[slot]!;
    if (p < 0) continue;
    saving[slot] = state.removeCost(slot, p);
    filled[n++] = slot;
  }
  const order = sortByKey(filled.subarray(0, n), saving, 0, new Int32Array(n));
  const picked = new Set<number>();
  for (let k = 0; k < size && n > 0; k++) picked.add(order[Math.floor(rng.next() ** 3 * n)]!);
  return empty(state, picked);
};

/** Physicist removal: every slot of one or two random physicists (moves load between people). */
export const physicistDestroy: Destroy = (state, rng, size) => {
  const c = state.c;
  const slots: number[] = [];
  for (let k = 0; k < 2 && slots.length < size; k++) {
    const p = rng.int(c.physicistCount);
    for (let i = 0; i < state.load[p]!; i++) slots.push(state.heldSlot(p, i));
  }
  return empty(state, slots.slice(0, size));
};

const bestFree = (state: SolutionState, slot: number, noise: number, rng: Rng) => {
  let best = -1;
  let bestCost = Infinity;
  let second = Infinity;
  const c = state.c;
  for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
    const p = c.candidates[k]!;
    if (!state.isFree(p, slot >> 1)) continue;
    const cost = state.addCost(slot, p) * (noise > 0 ? 1 + noise * (rng.next() - 0.5) : 1);
    if (cost < bestCost) {
      second = bestCost;
      bestCost = cost;
      best = p;
    } else if (cost < second) second = cost;
  }
  return { best, bestCost, regret: second - bestCost };
};

/** Greedy repair: slots in random order, each takes its cheapest free candidate. */
export const greedyRepair: Repair = (state, rng, slots) => {
  for (const slot of rng.shuffle([...slots])) {
    const { best } = bestFree(state, slot, 0, rng);
    if (best >= 0) state.move(slot, best);
  }
};

/** Noisy greedy repair: as greedy, costs perturbed by up to +-25% (diversifies). */
export const noisyRepair: Repair = (state, rng, slots) => {
  for (const slot of rng.shuffle([...slots])) {
    const { best } = bestFree(state, slot, 0.5, rng);
    if (best >= 0) state.move(slot, best);
  }
};

/** Regret-2 repair: next the slot that loses most if it misses its best candidate (one free candidate = infinite regret). */
export const regretRepair: Repair = (state, rng, slots) => {
  const left = [...slots];
  while (left.length > 0) {
    let pick = -1;
    let pickRegret = -Infinity;
    let pickPhysicist = -1;
    for (let i = 0; i < left.length; i++) {
      const { best, regret } = bestFree(state, left[i]!, 0, rng);
      if (best >= 0 && regret > pickRegret) {
        pick = i;
        pickRegret = regret;
        pickPhysicist = best;
      }
    }
    if (pick < 0) return;
    state.move(left[pick]!, pickPhysicist);
    left.splice(pick, 1);
  }
};
