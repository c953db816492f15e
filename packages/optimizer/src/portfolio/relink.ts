import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { descend } from '../local-search/moves';

/** What one relinking path gave. */
export interface RelinkPath {
  /** Slots where the two ends differed. */
  readonly differing: number;
  /** Steps walked (each hands one slot the guide's holder). */
  readonly steps: number;
  /** F of the best solution strictly inside the path, after its descent; null if the path had no inside. */
  readonly best: number | null;
}

/**
 * Greedy path relinking from `start` towards `guide` (two members' finds):
 * each step gives one of the slots where they still differ the guide's
 * holder, the one whose change of F is least among those the current
 * solution allows (a holder busy on an overlapping job waits until that job
 * has changed too). The best solution strictly between the ends is then
 * taken to a local optimum from the slots that changed, and returned with
 * its record. Two good solutions share most of their structure; the path
 * between them searches the combinations of their differences, which neither
 * member's moves reach. Uses no clock (the descent runs to its local
 * optimum), so a run that relinks still replays.
 */
export function relink(
  start: SolutionState,
  guide: SolutionState,
  rng: Rng,
): { state: SolutionState | null; path: RelinkPath } {
  const state = start.clone();
  const open = state.c.openSlots;
  let differing: number[] = [];
  for (const slot of open) if (state.assign[slot] !== guide.assign[slot]) differing.push(slot);
  const total = differing.length;
  let bestTotal = Infinity;
  let best: SolutionState | null = null;
  const changed: number[] = [];
  let bestChanged = 0;
  let steps = 0;
  // The last step would reach the guide itself: stop one short.
  while (differing.length > 1) {
    let pick = -1;
    let pickDelta = Infinity;
    for (let k = 0; k < differing.length; k++) {
      const slot = differing[k]!;
      const p = guide.assign[slot]!;
      if (!state.canMove(slot, p)) continue;
      const delta = state.moveDelta(slot, p);
      if (delta < pickDelta) [pick, pickDelta] = [k, delta];
    }
    if (pick < 0) break;
    const slot = differing[pick]!;
    state.move(slot, guide.assign[slot]!);
    changed.push(slot);
    steps++;
    differing = differing.filter((_, k) => k !== pick);
    if (state.total < bestTotal - 1e-9) {
      bestTotal = state.total;
      best = state.clone();
      bestChanged = changed.length;
    }
  }
  if (!best) return { state: null, path: { differing: total, steps, best: null } };
  descend(best, rng, () => false, changed.slice(0, bestChanged));
  return { state: best, path: { differing: total, steps, best: best.total } };
}
