import type { Algorithm, AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../construct/nearest-feasible';
import { encodeNeighbourhood, pickNeighbourhood } from './cp-sat-encode';
import { applyWindow, openJobs, solveWholeProblem } from './cp-sat-exact';
import { MiniSatThread } from './minisat-thread';

/** Jobs freed per neighbourhood: small, because logic-solver's MiniSat has a 64 MB heap. */
const NEIGHBOURHOOD_JOBS = 4;

/**
 * `cp_sat`: large-neighbourhood search driven by an exact SAT solver with
 * clause learning, as CP-SAT does. From a feasible start, each step frees the
 * open slots of a small window of jobs near each other in time, encodes that
 * sub-problem as pseudo-Boolean constraints (one physicist per slot, no
 * overlapping jobs per physicist) with the objective as weighted literals,
 * and has MiniSat (logic-solver) minimise it exactly: coverage first, then
 * miles, balance and rotation in integer units. The exact F decides whether
 * the re-solved window is kept. MiniSat runs on its own thread, which the
 * deadline or a cancel terminates mid-call (a call cannot be interrupted
 * otherwise, and one can take seconds); the window then keeps MiniSat's best
 * so far.
 */
export const cpSat: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  // Started first: the thread loads while the greedy start is built.
  const minisat = new MiniSatThread();
  try {
    const current = nearestFeasibleGreedy(c);
    fillEmptySlots(current);
    ctx.offer(current, 'cp_sat start (heuristic)');
    // A problem no larger than one window is solved whole and proven (or nothing is open at all).
    if (openJobs(c).length <= NEIGHBOURHOOD_JOBS) {
      const optimum =
        openJobs(c).length === 0 ? current : await solveWholeProblem(ctx, current, minisat);
      if (optimum) {
        ctx.offer(optimum, 'cp_sat (whole problem, MiniSat)');
        return {
          status: 'optimal',
          bound: Math.min(optimum.total, ctx.best.total),
          stats: {
            iterations: 1,
            iteration_unit: 'the whole problem solved by MiniSat',
            whole_problem: true,
            open_jobs: openJobs(c).length,
            jobs_per_neighbourhood: NEIGHBOURHOOD_JOBS,
          },
        };
      }
    }
    const limit = ctx.iterationCap;
    let improved = 0;
    let solved = 0;
    let proven = 0;
    let variables = 0;
    let clauses = 0;
    let iteration = 0;
    for (; iteration < limit && !ctx.shouldStop(); iteration++) {
      const jobs = pickNeighbourhood(c, ctx.rng, NEIGHBOURHOOD_JOBS);
      const next = await solveNeighbourhood(ctx, current, jobs, minisat);
      if (next) {
        solved++;
        if (next.proven) {
          proven++;
          clauses += next.clauses;
        }
        variables += next.variables;
        if (next.state.total < current.total - 1e-9) {
          current.copyFrom(next.state);
          improved++;
          ctx.offer(current, 'cp_sat (MiniSat neighbourhood)');
        }
      }
      ctx.report(
        `cp_sat: ${iteration + 1} neighbourhoods, ${improved} improvements`,
        ctx.schedule(iteration + 1),
      );
    }
    return {
      stats: {
        iterations: iteration,
        iteration_unit: 'neighbourhood (a window of jobs re-solved by MiniSat)',
        neighbourhoods_solved: solved,
        // Both objectives proven optimal within the window (not one the deadline cut off).
        solved_exactly: proven,
        improvements: improved,
        jobs_per_neighbourhood: NEIGHBOURHOOD_JOBS,
        // Per window: decision variables (slot, physicist) and weighted cost terms as encoded;
        // CNF clauses MiniSat held at the end of a window it finished (adders and bounds included).
        mean_window_variables_and_cost_terms: solved ? Math.round(variables / solved) : 0,
        mean_clauses_per_finished_window: proven ? Math.round(clauses / proven) : 0,
      },
    };
  } finally {
    await minisat.close();
  }
};

/**
 * Re-solves the open slots of `jobs` with everything else fixed, within the
 * run's remaining time; null if there is nothing to free or MiniSat found
 * nothing in time.
 */
async function solveNeighbourhood(
  ctx: AlgorithmContext,
  current: SolutionState,
  jobs: readonly number[],
  minisat: MiniSatThread,
): Promise<{ state: SolutionState; variables: number; clauses: number; proven: boolean } | null> {
  const fixed = current.clone();
  const c = current.c;
  for (const j of jobs)
    for (let role = 0; role < 2; role++)
      if (c.pinned[2 * j + role]! < 0) fixed.move(2 * j + role, -1);
  const encoding = encodeNeighbourhood(fixed, jobs);
  if (encoding.vars.length === 0) return null;
  const incumbent = encoding.vars.filter((v) => current.assign[v.slot] === v.p).map((v) => v.name);
  const result = await minisat.solve(encoding, incumbent, ctx.remainingMs, ctx.signal);
  if (!result.trueVars) return null;
  const state = applyWindow(fixed, encoding, result.trueVars);
  const variables = encoding.vars.length + encoding.costs.length;
  return { state, variables, clauses: result.clauses ?? 0, proven: result.finished };
}
