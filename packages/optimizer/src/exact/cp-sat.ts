import Logic from 'logic-solver';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { encodeNeighbourhood, pickNeighbourhood } from './cp-sat-encode';

/** Jobs freed per neighbourhood: small, because logic-solver's MiniSat has a 64 MB heap. */
const NEIGHBOURHOOD_JOBS = 4;
const DEFAULT_ITERATIONS = 2_000;

/**
 * `cp_sat`: large-neighbourhood search driven by an exact SAT solver with
 * clause learning, as CP-SAT does. From a feasible start, each step frees the
 * open slots of a small window of jobs near each other in time, encodes that
 * sub-problem as pseudo-Boolean constraints (one physicist per slot, no
 * overlapping jobs per physicist) with the objective as weighted literals,
 * and has MiniSat (logic-solver) minimise it exactly: coverage first, then
 * miles, balance and rotation in integer units. The exact F decides whether
 * the re-solved window is kept.
 */
export const cpSat: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const current = nearestFeasibleGreedy(c);
  fillEmptySlots(current);
  ctx.offer(current, 'cp_sat start (heuristic)');
  const limit = ctx.iterationLimit(DEFAULT_ITERATIONS);
  let improved = 0;
  let solved = 0;
  let clauses = 0;
  let iteration = 0;
  for (; iteration < limit && !ctx.shouldStop(); iteration++) {
    const jobs = pickNeighbourhood(c, ctx.rng, NEIGHBOURHOOD_JOBS);
    const next = solveNeighbourhood(current, jobs);
    if (next) {
      solved++;
      clauses += next.size;
      if (next.state.total < current.total - 1e-9) {
        current.copyFrom(next.state);
        improved++;
        ctx.offer(current, 'cp_sat (MiniSat neighbourhood)');
      }
    }
    ctx.report(
      `cp_sat: ${iteration + 1} neighbourhoods, ${improved} improvements`,
      (iteration + 1) / limit,
    );
    await ctx.pause();
  }
  return {
    stats: {
      neighbourhoods: iteration,
      solved_exactly: solved,
      improvements: improved,
      jobs_per_neighbourhood: NEIGHBOURHOOD_JOBS,
      mean_encoded_literals: solved ? Math.round(clauses / solved) : 0,
    },
  };
};

/** Re-solves the open slots of `jobs` exactly with everything else fixed; null if nothing to free. */
export function solveNeighbourhood(
  current: SolutionState,
  jobs: readonly number[],
): { state: SolutionState; size: number } | null {
  const fixed = current.clone();
  const c = current.c;
  for (const j of jobs)
    for (let role = 0; role < 2; role++)
      if (c.pinned[2 * j + role]! < 0) fixed.move(2 * j + role, -1);
  const enc = encodeNeighbourhood(fixed, jobs);
  if (enc.vars.length === 0) return null;
  const solver = new Logic.Solver();
  for (const v of enc.vars) solver.getVarNum(v.name);
  for (const f of enc.constraints) solver.require(f);
  // Start the descent from the incumbent's own assignment of the window (always feasible).
  const incumbent = enc.vars.filter((v) => current.assign[v.slot] === v.p).map((v) => v.name);
  const others = enc.vars
    .filter((v) => current.assign[v.slot] !== v.p)
    .map((v) => Logic.not(v.name));
  let solution = solver.solveAssuming(Logic.and(incumbent, others)) ?? solver.solve();
  if (!solution) return null;
  // Lexicographic, as the MILP: most slots filled first, then the rest of F.
  solution = solver.minimizeWeightedSum(solution, enc.emptyTerms, 1);
  solution = solver.minimizeWeightedSum(solution, enc.costTerms, enc.costWeights);
  const chosen = new Set(solution.getTrueVars());
  const state = fixed;
  for (const v of enc.vars) {
    if (chosen.has(v.name) && state.canMove(v.slot, v.p) && state.assign[v.slot] === -1)
      state.move(v.slot, v.p);
  }
  return { state, size: enc.vars.length + enc.costTerms.length };
}
