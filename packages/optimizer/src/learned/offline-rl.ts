import type { Algorithm } from '../core/context';
import type { Rng } from '../core/rng';
import { samplingTemperature } from '../greedy/randomized-greedy';
import { argmaxScore, construct } from './construct';
import type { Chooser } from './construct';
import { heldOutConstruction } from './evaluate';
import type { Decision } from './features';
import { FEATURE_NAMES } from './features';
import { bellmanRmse, fittedQIteration, logTrajectory } from './fitted-q';
import { topOneAccuracy } from './models';
import type { Transition } from './fitted-q';
import { teacherBudgetMs, trainingOver } from './imitation';
import { fallbackThenLocalSearch, learnedConstructionThenLocalSearch } from './improve';
import type { SolvedWindow } from './teacher';
import { teacherData } from './teacher';

const GAMMA = 0.99;
const FQI_ROUNDS = 8;
/** Trajectories are logged until this many transitions, which bounds the training time. */
const MAX_TRANSITIONS = 8_000;
/** Exploratory trajectories logged per window besides the teacher's. */
const EXPLORATORY = 2;
const MIN_TRANSITIONS = 100;

/** The teacher's choices as a behaviour policy. */
const teacherPolicy =
  (w: SolvedWindow): Chooser =>
  (d) =>
    d.candidates.indexOf(w.teacher.assign[d.slot]!);

/** Randomised greedy: a candidate drawn with probability proportional to exp(-cost / temperature). */
const explorer =
  (rng: Rng, temperature: number): Chooser =>
  (d: Decision) => {
    const least = Math.min(...d.costs);
    const weights = d.costs.map((x) => Math.exp(-(x - least) / temperature));
    let u = rng.next() * weights.reduce((a, b) => a + b, 0);
    let k = 0;
    while (k < weights.length - 1 && (u -= weights[k]!) > 0) k++;
    return k;
  };

/** Logs the teacher's and EXPLORATORY randomised trajectories on each window (until `cap` transitions); returns how many. */
function logWindows(
  windows: readonly SolvedWindow[],
  rng: Rng,
  out: Transition[],
  cap: number,
  isOver: () => boolean,
): number {
  let trajectories = 0;
  for (const w of windows) {
    if (out.length >= cap || isOver()) break;
    logTrajectory(w.window, teacherPolicy(w), out, GAMMA);
    const temperature = samplingTemperature(w.window.compiled);
    for (let e = 0; e < EXPLORATORY; e++)
      logTrajectory(w.window, explorer(rng, temperature), out, GAMMA);
    trajectories += 1 + EXPLORATORY;
  }
  return trajectories;
}

/**
 * `offline_rl`: a value function learned from logged assignment
 * trajectories by fitted Q iteration. The log: on windows of the instance
 * (runs of consecutive jobs, solved as problems of their own), the teacher's
 * trajectory (the core's ILS solution replayed in date order) and
 * randomised-greedy ones. Reward of a step = -(exact change of F), coverage
 * included; Q(s, a) = reward + a continuation linear in the candidate's
 * features and a summary of the state (two heads: coverage and the rest),
 * fitted first to the logged returns and then FQI_ROUNDS times to the
 * Bellman targets of the greedy policy.
 * The policy acts greedily on Q in date order under the hard constraints,
 * ejection chains fill what it left empty, and the core's Iterated Local
 * Search polishes the result (improve.ts).
 */
export const offlineRl: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const data = await teacherData(ctx, ctx.iterationLimit(400), teacherBudgetMs(ctx));
  const rng = ctx.rng.fork();
  const t0 = ctx.now();
  const log: Transition[] = [];
  const over = () => trainingOver(ctx);
  const trajectories = logWindows(data.train, rng, log, MAX_TRANSITIONS, over);
  const test: Transition[] = [];
  logWindows(data.heldOut, rng, test, Infinity, over);
  const stats: Record<string, unknown> = {
    model: `Q = reward + linear continuation over ${FEATURE_NAMES.length} candidate features and a 4-number state summary (coverage and rest heads); fitted Q iteration (ridge): Monte-Carlo returns, then ${FQI_ROUNDS} Bellman rounds, gamma ${GAMMA}`,
    training_data: `${log.length} logged transitions from ${trajectories} trajectories (${trajectories / (1 + EXPLORATORY)} teacher, ${(trajectories * EXPLORATORY) / (1 + EXPLORATORY)} randomised greedy) on windows of ${data.windowJobs} jobs`,
    training_trajectories: trajectories,
    training_transitions: log.length,
    teacher_ms: Math.round(data.ms),
    held_out_transitions: test.length,
  };
  if (log.length < MIN_TRANSITIONS)
    return {
      stats: {
        ...stats,
        ...(await fallbackThenLocalSearch(ctx, 'offline_rl', 'too little logged data')),
      },
    };
  ctx.report(`fitted Q iteration on ${log.length} transitions`, 0.4, true);
  const { q, rounds } = fittedQIteration(log, GAMMA, FQI_ROUNDS, over);
  const trainingMs = ctx.now() - t0;
  const policy: Chooser = (d) => argmaxScore(q, d);
  // Held-out metrics before the polish, which uses all the time that is left.
  const heldOut = {
    held_out_bellman_rmse: Number(bellmanRmse(q, test, GAMMA).toFixed(4)),
    held_out_top1_agreement: Number(
      topOneAccuracy(
        q,
        data.heldOut.flatMap((w) => w.examples),
      ).toFixed(3),
    ),
    ...heldOutConstruction(policy, data.heldOut),
  };
  ctx.report('offline_rl: building the learned construction', 0.42, true);
  const t1 = ctx.now();
  const construction = construct(c, policy).state;
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    construction,
    'offline_rl',
    ctx.now() - t1,
  );
  return {
    stats: {
      ...stats,
      training_ms: Math.round(trainingMs),
      fqi_rounds: rounds,
      ...heldOut,
      ...improved,
    },
  };
};
