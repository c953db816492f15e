/**
 * The iterations a run's method ran, by method: the solver's
 * stats.iterations (each method's main-loop count, what stats.iteration_unit
 * names); empty when the method reports none (the portfolio's members run
 * on threads of their own and report no one count).
 */
export function iterationsOf(
  algorithm: string,
  stats: Record<string, unknown>,
): Record<string, number> {
  const n = stats.iterations;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? { [algorithm]: n } : {};
}

/**
 * Why the solver says a run cannot be reproduced from its recipe
 * (stats.not_replayable_because), or null when it says it can.
 */
export function replayBlockerOf(stats: Record<string, unknown>): string | null {
  if (stats.replayable === true) return null;
  return typeof stats.not_replayable_because === 'string'
    ? stats.not_replayable_because
    : 'the solver recorded no replay for this run';
}
