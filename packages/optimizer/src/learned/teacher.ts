import type { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { pickNeighbourhood } from '../exact/cp-sat-encode';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { descend } from '../local-search/moves';
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
 * Training data from the instance itself. The labels are a locally optimal
 * solution of the instance: the date-order greedy improved by the core's
 * descent over reassign and swap moves until no move improves F (the
 * MiniSat-solved windows used before took about 10 s per 4-job window on the
 * loaded bench machine, so a 10 s run got one window and fell back). Sampled
 * windows of jobs close in time give the examples (each slot: its free
 * candidates' features, label = the local optimum's physicist); every fifth
 * window is held out for the accuracy figure.
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
  const rng = ctx.rng.fork();
  descend(state, rng, () => ctx.shouldStop() || performance.now() - started > budgetMs);
  const train: Example[] = [];
  const heldOut: Example[] = [];
  const seen = new Set<number>();
  let solved = 0;
  for (let w = 0; w < windows && !ctx.shouldStop(); w++) {
    const jobs = pickNeighbourhood(c, rng, 4).filter((j) => !seen.has(j));
    jobs.forEach((j) => seen.add(j));
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
