import type { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { solveNeighbourhood } from '../exact/cp-sat';
import { pickNeighbourhood } from '../exact/cp-sat-encode';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { decisionAt } from './features';
import type { Example } from './models';

/** Labelled decisions from sub-problems solved exactly, split into training and held-out parts. */
export interface TeacherData {
  readonly train: Example[];
  readonly heldOut: Example[];
  readonly subProblems: number;
  readonly ms: number;
}

/**
 * Training data from the instance itself: sampled sub-problems (windows of
 * jobs close in time) are solved exactly by MiniSat with the rest fixed,
 * starting from the greedy; each slot of a solved window becomes an example
 * (its free candidates' features, label = the exact solution's physicist).
 * Every fifth window is held out for the accuracy figure.
 */
export async function teacherData(
  ctx: AlgorithmContext,
  windows: number,
  budgetMs: number,
): Promise<TeacherData> {
  const started = performance.now();
  const c = ctx.compiled;
  const state = nearestFeasibleGreedy(c);
  fillEmptySlots(state);
  const train: Example[] = [];
  const heldOut: Example[] = [];
  let solved = 0;
  for (let w = 0; w < windows && performance.now() - started < budgetMs && !ctx.shouldStop(); w++) {
    const jobs = pickNeighbourhood(c, ctx.rng, 4);
    const next = solveNeighbourhood(state, jobs);
    if (!next) continue;
    if (next.state.total < state.total - 1e-9) state.copyFrom(next.state);
    solved++;
    const target = w % 5 === 4 ? heldOut : train;
    for (const j of jobs) {
      for (let role = 0; role < 2; role++) {
        const slot = 2 * j + role;
        const p = state.assign[slot]!;
        if (c.pinned[slot]! >= 0 || p < 0) continue;
        state.move(slot, -1);
        const d = decisionAt(state, slot);
        state.move(slot, p);
        const label = d.candidates.indexOf(p);
        if (label >= 0 && d.candidates.length > 1) target.push({ features: d.features, label });
      }
    }
    await ctx.pause();
  }
  return { train, heldOut, subProblems: solved, ms: performance.now() - started };
}
