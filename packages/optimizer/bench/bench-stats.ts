/** What bench.ts asks one child process (bench-run.ts) to run. */
export interface BenchRunRequest {
  readonly instanceFile: string;
  readonly algorithm: string;
  readonly timeLimitMs: number;
  readonly seed: number;
  /** Run ILS from heuristic's solution for timeLimitMs instead of `algorithm`. */
  readonly ilsFromHeuristic?: boolean;
}

/** A count of a method's main-loop steps and what it counts. */
export interface Iterations {
  readonly count: number;
  readonly what: string;
}

/** How long a learned key's ILS polish ran, and whether the stats said so or it was derived. */
export interface PolishTime {
  readonly ms: number;
  readonly derived: boolean;
}

/** One child's answer. */
export interface BenchRunAnswer {
  readonly status: string;
  readonly total: number;
  /** evaluateObjective on the returned assignments, in the child. */
  readonly recomputedTotal: number;
  readonly unassigned: number;
  readonly miles: number;
  readonly balance: number;
  readonly rotation: number;
  readonly bound?: number;
  readonly ms: number;
  readonly violations: number;
  readonly iterations: Iterations | null;
  readonly polishMs: PolishTime | null;
  readonly stats: Record<string, unknown>;
  /** The child process's peak resident set (all its threads), MB. */
  readonly peakRssMb: number;
}

// The name each method gives its main-loop count, in the order they are looked for.
const LOOP_NAMES = [
  'iterations',
  'proposals',
  'steps',
  'generations',
  'samples',
  'neighbourhoods',
] as const;

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/**
 * The main-loop count a result's stats give: the method's own (`iterations`,
 * mcmc_sa's `proposals`, ts's `steps`, ga's `generations`, monte_carlo's
 * `samples`, cp_sat's `neighbourhoods`), a learned key's polish
 * (`local_search.iterations`), or the sum over a portfolio's members. Null
 * when the stats give none (a greedy, or milp, whose HiGHS reports nodes).
 */
export function iterationsOf(stats: Record<string, unknown>): Iterations | null {
  for (const name of LOOP_NAMES) {
    const count = num(stats[name]);
    if (count !== null) return { count, what: name };
  }
  const polish = stats.local_search;
  if (polish && typeof polish === 'object') {
    const count = num((polish as Record<string, unknown>).iterations);
    if (count !== null) return { count, what: 'polish iterations' };
  }
  if (Array.isArray(stats.members)) {
    let total = 0;
    let any = false;
    for (const member of stats.members as Record<string, unknown>[]) {
      const count = num(member.iterations);
      if (count !== null) {
        total += count;
        any = true;
      }
    }
    if (any) return { count: total, what: 'members iterations' };
  }
  const phase = stats.phase2 as Record<string, unknown> | null | undefined;
  const nodes = num(phase?.nodes);
  if (nodes !== null) return { count: nodes, what: 'HiGHS nodes' };
  return null;
}

/**
 * A learned key's polish time: `polish_ms` when its stats give it, else the
 * run's time less its teacher, training and construction times (derived; the
 * setup and the heuristic's own run are then counted as polish).
 * Null for a key that is not polished by ILS.
 */
export function polishMsOf(stats: Record<string, unknown>, elapsedMs: number): PolishTime | null {
  const given = num(stats.polish_ms);
  if (given !== null) return { ms: given, derived: false };
  if (!('after_local_search_objective' in stats)) return null;
  const spent =
    (num(stats.teacher_ms) ?? 0) +
    (num(stats.training_ms) ?? 0) +
    (num(stats.learned_construction_ms) ?? 0);
  return { ms: Math.max(0, elapsedMs - spent), derived: true };
}
