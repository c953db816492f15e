import type { Algorithm } from '../core/context';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { startingState } from '../greedy/start';
import { MOVE, SWAP } from './moves';

interface Proposal {
  kind: typeof MOVE | typeof SWAP;
  slot: number;
  target: number;
}

/**
 * One random neighbour (Markov chain proposal): a random open slot and one of
 * its candidates; reassign if the candidate is free, swap with the job that
 * blocks it, or else swap with another random job of that candidate.
 */
function propose(state: SolutionState, rng: Rng, out: Proposal): boolean {
  const c = state.c;
  const slot = rng.pick(c.openSlots);
  const from = c.candidateStart[slot]!;
  const q = c.candidates[from + rng.int(c.candidateStart[slot + 1]! - from)]!;
  if (state.assign[slot] === q) return false;
  const blocker = state.blocker(q, slot >> 1);
  if (blocker === -1) {
    Object.assign(out, { kind: MOVE, slot, target: q });
    return true;
  }
  const other =
    blocker >= 0 && rng.next() < 0.7
      ? 2 * blocker + (slot & 1)
      : state.load[q]! > 0
        ? state.heldSlot(q, rng.int(state.load[q]!))
        : -1;
  if (other < 0 || !state.canSwap(slot, other)) return false;
  Object.assign(out, { kind: SWAP, slot, target: other });
  return true;
}

const UNIT = 'proposal (a random reassign or swap, accepted or not)';

const deltaOf = (state: SolutionState, p: Proposal) =>
  p.kind === MOVE ? state.moveDelta(p.slot, p.target) : state.swapDelta(p.slot, p.target);

/**
 * `mcmc_sa`: simulated annealing. A Markov chain of random reassign/swap
 * proposals, each accepted with the Metropolis probability min(1, exp(-delta/T)),
 * with T on a geometric cooling schedule from T0 (set so that the average
 * uphill proposal of the start is accepted half the time) down to T0 / 10^4,
 * over the iteration cap when given, else over the whole time budget.
 */
export const simulatedAnnealing: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const rng = ctx.rng;
  const state = startingState(ctx);
  if (c.openSlots.length === 0) return { stats: { iterations: 0, iteration_unit: UNIT } };
  const proposal: Proposal = { kind: MOVE, slot: -1, target: -1 };
  let uphill = 0;
  let uphillCount = 0;
  for (let k = 0; k < 200; k++) {
    if (!propose(state, rng, proposal)) continue;
    const delta = deltaOf(state, proposal);
    if (delta > 0 && delta < 1e5) {
      uphill += delta;
      uphillCount++;
    }
  }
  const t0 = Math.max(1e-6, uphillCount > 0 ? uphill / uphillCount / Math.LN2 : 1);
  const limit = ctx.iterationCap;
  let atUnsavedBest = false;
  let accepted = 0;
  let temperature = t0;
  let proposals = 0;
  for (; proposals < limit; proposals++) {
    if ((proposals & 1023) === 0) {
      if (ctx.shouldStop()) break;
      temperature = t0 * 1e-4 ** ctx.schedule(proposals);
      ctx.report(`annealing at T=${temperature.toPrecision(3)}`, ctx.schedule(proposals));
      await ctx.pause();
    }
    if (!propose(state, rng, proposal)) continue;
    const delta = deltaOf(state, proposal);
    if (delta > 0 && rng.next() >= Math.exp(-delta / temperature)) continue;
    if (atUnsavedBest && delta > 0) {
      ctx.offer(state, 'mcmc_sa');
      atUnsavedBest = false;
    }
    if (proposal.kind === MOVE) state.move(proposal.slot, proposal.target);
    else state.swap(proposal.slot, proposal.target);
    accepted++;
    if (state.total < ctx.best.total - 1e-9) atUnsavedBest = true;
  }
  if (atUnsavedBest) ctx.offer(state, 'mcmc_sa');
  return {
    stats: {
      iterations: proposals,
      iteration_unit: UNIT,
      accepted_proposals: accepted,
      t0: Number(t0.toPrecision(4)),
    },
  };
};
