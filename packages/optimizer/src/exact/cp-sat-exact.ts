import type { AlgorithmContext } from '../core/context';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';
import { encodeNeighbourhood } from './cp-sat-encode';
import type { NeighbourhoodEncoding } from './cp-sat-encode';
import type { MiniSatThread } from './minisat-thread';

/** The jobs with at least one open slot, in index order: the whole problem cp_sat decides. */
export function openJobs(c: CompiledInstance): number[] {
  return [...new Set(Array.from(c.openSlots, (slot) => slot >> 1))].sort((a, b) => a - b);
}

/** `fixed` (the window's open slots empty) with the true variables of one MiniSat solution applied. */
export function applyWindow(
  fixed: SolutionState,
  encoding: NeighbourhoodEncoding,
  trueVars: readonly string[],
): SolutionState {
  const chosen = new Set(trueVars);
  const state = fixed.clone();
  for (const v of encoding.vars) {
    if (chosen.has(v.name) && state.canMove(v.slot, v.p) && state.assign[v.slot] === -1)
      state.move(v.slot, v.p);
  }
  return state;
}

/**
 * The whole open problem as one window, proven. MiniSat minimises coverage
 * exactly, but the rest of F in integer units (costs rounded to 1 / SCALE),
 * so its optimum S* can differ from the exact one. A solution S with smaller
 * exact F has an integer objective R(S) <= R(S*) + the sum of the terms'
 * rounding errors (the roundingSlack): the terms both solutions pay cancel,
 * and each other term moves the comparison by at most its error. MiniSat
 * therefore lists every solution with maximal coverage within that band, and
 * the best of them by exact F is the optimum of F. Every free candidate is
 * encoded (no MAX_CANDIDATES cut). Null when the deadline cut MiniSat off or
 * the band held too many solutions to list.
 */
export async function solveWholeProblem(
  ctx: AlgorithmContext,
  current: SolutionState,
  minisat: MiniSatThread,
): Promise<SolutionState | null> {
  const c = ctx.compiled;
  const jobs = openJobs(c);
  const fixed = current.clone();
  for (const slot of c.openSlots) fixed.move(slot, -1);
  const complete = encodeNeighbourhood(fixed, jobs, Infinity);
  const encoding = { ...complete, band: Math.ceil(complete.roundingSlack) };
  const incumbent = encoding.vars.filter((v) => current.assign[v.slot] === v.p).map((v) => v.name);
  const result = await minisat.solve(encoding, incumbent, ctx.remainingMs, ctx.signal);
  if (!result.finished || !result.band || result.band.length === 0) return null;
  let best: SolutionState | null = null;
  for (const trueVars of result.band) {
    const state = applyWindow(fixed, encoding, trueVars);
    if (!best || state.total < best.total - 1e-9) best = state;
  }
  return best;
}
