import type { CompiledInstance } from '../core/compile';
import { fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import { constructionStart } from '../core/current-plan';
import type { SolutionState } from '../core/solution';

/**
 * One randomised greedy sample: jobs in date order with random jitter of up
 * to `jitterDays`, each slot picking among its free candidates with
 * probability proportional to exp(-delta / temperature) (a Boltzmann choice
 * on the full objective delta). Ends with ejection chains for empty slots.
 * It starts from the current plan, when there is one, and fills what is empty.
 */
export function randomizedGreedy(
  c: CompiledInstance,
  rng: Rng,
  temperature: number,
  jitterDays = 3,
): SolutionState {
  const state = constructionStart(c);
  const key = new Float64Array(c.jobCount);
  for (let j = 0; j < c.jobCount; j++) key[j] = c.jobFirstDay[j]! + rng.next() * jitterDays;
  const order = Array.from({ length: c.jobCount }, (_, j) => j).sort((a, b) => key[a]! - key[b]!);
  const free: number[] = [];
  const weight: number[] = [];
  for (const job of order) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0 || state.assign[slot]! >= 0) continue;
      free.length = 0;
      weight.length = 0;
      let least = Infinity;
      for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
        const p = c.candidates[k]!;
        if (!state.isFree(p, job)) continue;
        const delta = state.addCost(slot, p);
        free.push(p);
        weight.push(delta);
        least = Math.min(least, delta);
      }
      if (free.length === 0) continue;
      let total = 0;
      for (let i = 0; i < weight.length; i++)
        total += weight[i] = Math.exp(-(weight[i]! - least) / temperature);
      let u = rng.next() * total;
      let pick = 0;
      while (pick < free.length - 1 && (u -= weight[pick]!) > 0) pick++;
      state.move(slot, free[pick]!);
    }
  }
  fillEmptySlots(state);
  return state;
}

/** A sampling temperature: half the mean nearest-candidate cost, so near-ties are mixed. */
export function samplingTemperature(c: CompiledInstance): number {
  let sum = 0;
  let count = 0;
  for (const slot of c.openSlots) {
    const p = c.candidates[c.candidateStart[slot]!]!;
    sum += (c.weights.proximity / 100) * c.distance[(slot >> 1) * c.physicistCount + p]!;
    count++;
  }
  return Math.max(1e-3, count > 0 ? (0.5 * sum) / count + 0.1 : 1);
}
