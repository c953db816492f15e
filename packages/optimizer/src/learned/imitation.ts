import type { AlgorithmContext } from '../core/context';
import { argmaxScore } from './construct';
import { heldOutConstruction } from './evaluate';
import { FEATURE_NAMES } from './features';
import { topOneAccuracy, trainConditionalLogit } from './models';
import type { LinearScorer } from './models';
import type { Example, TeacherData } from './teacher';
import { teacherData } from './teacher';

/** Below this many labelled decisions the model is not trusted. */
export const MIN_EXAMPLES = 30;
/** At most this many decisions are trained on (a random sample beyond), which bounds the training time. */
const MAX_TRAIN_EXAMPLES = 6000;

/**
 * Training (after the teacher) stops by this share of the run's time, so the
 * construction and the polish keep the rest. It is the phase 'training'
 * (ctx.phaseOver): the run records after how many epochs, logged windows or
 * Bellman rounds it ended, and a replay does as many.
 */
const TRAINING_ENDS_BY = 0.6;

/** Whether the training loops must stop: cancelled, or past TRAINING_ENDS_BY of the run's time. */
export function trainingOver(ctx: AlgorithmContext): boolean {
  return ctx.shouldStop() || ctx.phaseOver('training', TRAINING_ENDS_BY * ctx.deadlineMs);
}

/** The share of the run's time given to teacher windows, and its cap. */
export function teacherBudgetMs(ctx: AlgorithmContext, share = 0.35): number {
  return Math.min(share * ctx.deadlineMs, 30_000);
}

/** A trained scorer (or null with the reason), the data it came from, and the stats to report. */
export interface LearnedScorer {
  readonly model: LinearScorer | null;
  readonly data: TeacherData;
  readonly stats: Record<string, unknown>;
}

/**
 * Imitation of the teacher: windows of the instance solved by the core's ILS,
 * replayed as decisions, and a conditional logit over each slot's free
 * candidates trained on them. Held-out: top-1 agreement with the teacher on
 * windows never trained on, and the construction's F on those windows
 * against `heuristic`'s.
 */
export async function learnScorer(
  ctx: AlgorithmContext,
  teacherShare = 0.35,
): Promise<LearnedScorer> {
  const data = await teacherData(ctx, ctx.iterationLimit(400), teacherBudgetMs(ctx, teacherShare));
  const all = data.train.flatMap((w) => w.examples);
  const rng = ctx.rng.fork();
  const train: Example[] =
    all.length > MAX_TRAIN_EXAMPLES ? rng.shuffle(all.slice()).slice(0, MAX_TRAIN_EXAMPLES) : all;
  const heldOut = data.heldOut.flatMap((w) => w.examples);
  const stats: Record<string, unknown> = {
    model: `conditional logit (softmax over a slot's free candidates) on ${FEATURE_NAMES.length} features`,
    teacher: `the core's ILS on each window (${data.windowJobs} consecutive jobs in date order, every physicist, balance targets of the window), its choices replayed in date order`,
    training_data: `${train.length} decisions from ${data.train.length} windows`,
    training_windows: data.train.length,
    training_decisions: train.length,
    teacher_ms: Math.round(data.ms),
    held_out_decisions: heldOut.length,
  };
  if (train.length < MIN_EXAMPLES)
    return { model: null, data, stats: { ...stats, too_little_data: true } };
  ctx.report(`training on ${train.length} decisions`, 0.4, true);
  const t0 = ctx.now();
  const model = trainConditionalLogit(train, rng, () => trainingOver(ctx));
  const trainingMs = ctx.now() - t0;
  return {
    model,
    data,
    stats: {
      ...stats,
      training_ms: Math.round(trainingMs),
      held_out_top1_agreement: Number(topOneAccuracy(model, heldOut).toFixed(3)),
      ...heldOutConstruction((d) => argmaxScore(model, d), data.heldOut),
      weights: Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, Number(model.w[i]!.toFixed(3))])),
    },
  };
}
