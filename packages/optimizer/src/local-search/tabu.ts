import { StepTimer } from '../core/context';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { startingState } from '../greedy/start';
import { applyMove, descend, forEachMove, MOVE } from './moves';
import { kick, relatedSlots } from './perturb';
import type { MoveKind } from './moves';

const SAMPLE_SLOTS = 24;

/**
 * `ts`: tabu search. Each step takes the best admissible neighbour (reassign
 * or swap) of a sample of slots, even when it is worse. Giving a slot back to
 * a physicist who just left it is tabu for a random tenure; a tabu move is
 * still allowed when it would give a new best (aspiration). It starts from a
 * local optimum (descent from the start solution), and after `stall` steps
 * without a new best it intensifies around the best: back to the best
 * solution, a kick of a few related slots, and on (restarts_from_best).
 */
export const tabuSearch: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const P = c.physicistCount;
  const state = startingState(ctx);
  const stop = () => ctx.stopWithinStep();
  descend(state, rng, stop);
  ctx.offer(state, 'ts');
  const stall = Math.max(100, Math.round(c.openSlots.length / 20));
  let sinceBest = 0;
  let restarts = 0;
  const tabuUntil = new Int32Array(2 * c.jobCount * P);
  const limit = ctx.iterationCap;
  const tenureMin = 5 + Math.round(Math.sqrt(c.openSlots.length) / 4);
  const sample = Math.min(SAMPLE_SLOTS, c.openSlots.length);
  // The current state becomes the new best lazily: copied only when we are about to leave it.
  let atUnsavedBest = false;
  let step = 0;
  let aspirations = 0;
  const timer = new StepTimer();
  for (; step < limit && !ctx.shouldStop(timer.longestMs) && c.openSlots.length > 0; step++) {
    const bestTotal = Math.min(ctx.best.total, atUnsavedBest ? state.total : Infinity);
    const chosen = {
      kind: MOVE as MoveKind,
      slot: -1,
      target: -1,
      delta: Infinity,
      aspiring: false,
    };
    const isTabu = (kind: MoveKind, slot: number, target: number) =>
      kind === MOVE
        ? tabuUntil[slot * P + target]! > step
        : tabuUntil[slot * P + state.assign[target]!]! > step ||
          tabuUntil[target * P + state.assign[slot]!]! > step;
    for (let k = 0; k < sample; k++) {
      forEachMove(state, rng.pick(c.openSlots), 4, (kind, slot, target, delta) => {
        if (delta >= chosen.delta) return;
        const aspiring = state.total + delta < bestTotal - 1e-9;
        if (isTabu(kind, slot, target) && !aspiring) return;
        Object.assign(chosen, { kind, slot, target, delta, aspiring });
      });
    }
    if (chosen.slot < 0) continue;
    if (atUnsavedBest && chosen.delta > 0) {
      ctx.offer(state, 'ts');
      atUnsavedBest = false;
    }
    // Forbid undoing: the physicists leaving their slots may not come back for a while.
    const tenure = tenureMin + rng.int(tenureMin);
    const left = state.assign[chosen.slot]!;
    if (left >= 0) tabuUntil[chosen.slot * P + left] = step + tenure;
    if (chosen.kind !== MOVE)
      tabuUntil[chosen.target * P + state.assign[chosen.target]!] = step + tenure;
    if (chosen.aspiring && isTabu(chosen.kind, chosen.slot, chosen.target)) aspirations++;
    applyMove(state, chosen.kind, chosen.slot, chosen.target);
    if (state.unassigned > 0) fillEmptySlots(state);
    if (state.total < bestTotal - 1e-9) {
      atUnsavedBest = true;
      sinceBest = 0;
    } else if (++sinceBest >= stall) {
      if (atUnsavedBest) ctx.offer(state, 'ts');
      atUnsavedBest = false;
      state.copyFrom(ctx.best);
      kick(state, rng, relatedSlots(state, rng, 2 + rng.int(Math.min(10, c.openSlots.length))));
      fillEmptySlots(state);
      sinceBest = 0;
      restarts++;
    }
    ctx.report(`tabu step ${step}`, ctx.schedule(step));
    if ((step & 15) === 0) await ctx.pause();
    timer.lap();
  }
  if (atUnsavedBest) ctx.offer(state, 'ts');
  return {
    stats: {
      iterations: step,
      iteration_unit: 'step (best admissible move of a sample of slots)',
      aspirations,
      restarts_from_best: restarts,
      tenure: [tenureMin, 2 * tenureMin - 1],
    },
  };
};
