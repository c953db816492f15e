import type { AlgorithmContext } from '../core/context';
import type { CompiledInstance } from '../core/compile';
import { SolutionState } from '../core/solution';
import { CpSatSearch } from './cp-sat-search';

/** The jobs with at least one open slot, in index order: the whole problem cp_sat decides. */
export function openJobs(c: CompiledInstance): number[] {
  return [...new Set(Array.from(c.openSlots, (slot) => slot >> 1))].sort((a, b) => a - b);
}

/** Most solutions listed in the rounding band before giving up on an exact pick. */
const BAND_CAP = 500;

/**
 * After the search proved that no assignment has a scaled objective below
 * `provenR` (the R of the incumbent), picks the true optimum of F. R rounds
 * every term to an integer unit of 1 / scale, so an assignment with smaller
 * F than the incumbent has R below provenR + 2 * slack * scale; a fresh
 * solver (the bound goes up, so the first one's learned clauses would not
 * hold) lists every assignment in that band, and the evaluator's F ranks
 * them. Returns the optimum, or null if the band held more than BAND_CAP
 * assignments or the time ran out (then provenR still gives a bound).
 */
export function pickExactOptimum(
  ctx: AlgorithmContext,
  provenR: number,
  incumbent: SolutionState,
): SolutionState | null {
  const c = ctx.compiled;
  const band = new CpSatSearch(c);
  const m = band.model;
  band.setIncumbent(incumbent.assign); // for its phases; the bound is the band's
  band.objective.upperBound = provenR + Math.ceil(2 * m.roundingSlack * m.scale);
  let best: SolutionState | null = null;
  const state = new SolutionState(c);
  for (let listed = 0; listed <= BAND_CAP; listed++) {
    const outcome = band.search(incumbent.assign, null, Infinity, () => ctx.shouldStop());
    if (outcome === 'unsat') return best;
    if (outcome === 'unknown') return null;
    const assign = band.modelAssignment(incumbent.assign);
    state.loadAssignment(assign);
    if (!best || state.total < best.total - 1e-9) best = state.clone();
    // Forbid this assignment: one of its slots must change.
    const held: number[] = [];
    for (let v = 0; v < m.varCount; v++) if (band.solver.model[v] === 1) held.push(2 * v + 1);
    if (!band.solver.addClause(held)) return best;
  }
  return null;
}
