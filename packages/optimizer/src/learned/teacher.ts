import { AlgorithmContext, StepTimer } from '../core/context';
import type { SolutionState } from '../core/solution';
import { ils } from '../local-search/ils';
import { construct } from './construct';
import type { Decision } from './features';
import type { Window } from './windows';
import { sampleRun, splitHeldOut, windowOf, windowSize } from './windows';

/** One labelled decision: the candidates' feature rows and the index the teacher chose. */
export interface Example {
  readonly features: Float64Array[];
  readonly costs: number[];
  readonly label: number;
}

/** A window solved by the teacher, and the teacher's choices replayed as decisions. */
export interface SolvedWindow {
  readonly window: Window;
  readonly teacher: SolutionState;
  readonly examples: Example[];
}

/** Teacher iterations per window job: the core's ILS, 8 kick-and-descend rounds per job. */
const TEACHER_ITERATIONS_PER_JOB = 8;

/**
 * The teacher: the core's iterated local search solves the window as a
 * problem of its own (its jobs, every physicist, targets scaled to it) under
 * an iteration budget, so the labels carry the window's global trade-offs
 * (miles against balance, rotation and the needs of later jobs). Its stop
 * tests are the parent run's in-step test (counted and recorded there), not
 * a clock of its own, so a window the deadline cuts short replays too.
 */
export async function solveWindow(
  parent: AlgorithmContext,
  window: Window,
  seed: number,
  iterations = TEACHER_ITERATIONS_PER_JOB * window.jobs.length,
): Promise<SolutionState> {
  const c = window.compiled;
  const sub = new AlgorithmContext(
    c.instance,
    c,
    { algorithm: 'ils', seed, maxIterations: iterations, timeLimitMs: parent.remainingMs },
    parent.signal,
    undefined,
    { now: parent.now, stopsWith: (nextStepMs) => parent.stopWithinStep(nextStepMs) },
  );
  await ils(sub);
  return sub.best;
}

/**
 * The teacher's solution replayed in the construction's own order (date
 * order): each slot's decision is taken in the partial solution that holds
 * the teacher's earlier choices, and labelled with the teacher's physicist.
 * The label is what the teacher did knowing the whole window; it is not the
 * cheapest candidate of the moment, nor the argmin of any single feature.
 */
export function replay(window: Window, teacher: SolutionState): Example[] {
  const examples: Example[] = [];
  construct(window.compiled, (d: Decision) => {
    const k = d.candidates.indexOf(teacher.assign[d.slot]!);
    if (k >= 0 && d.candidates.length > 1)
      examples.push({ features: d.features, costs: d.costs, label: k });
    return k;
  });
  return examples;
}

/** Training and held-out data, with what it cost. */
export interface TeacherData {
  readonly train: SolvedWindow[];
  readonly heldOut: SolvedWindow[];
  readonly windowJobs: number;
  readonly ms: number;
}

/**
 * Samples windows from the instance and has the teacher solve them until
 * `maxWindows` training windows or `budgetMs` (held-out windows first: a few
 * runs of jobs that no training window contains). The budget is the phase
 * 'teacher windows' (ctx.phaseOver): the run records after how many windows
 * it ended, and a replay solves as many.
 */
export async function teacherData(
  ctx: AlgorithmContext,
  maxWindows: number,
  budgetMs: number,
  heldOutCount = 2,
): Promise<TeacherData> {
  const started = ctx.now();
  const until = ctx.elapsedMs + budgetMs;
  const c = ctx.compiled;
  const rng = ctx.rng.fork();
  const size = windowSize(c);
  const { heldOut: runs, pool } = splitHeldOut(c, rng, size, heldOutCount);
  // A window is not started when one more (as long as the longest so far) would end past the budget.
  const step = new StepTimer(ctx.now);
  const over = () =>
    ctx.shouldStop(step.longestMs) || ctx.phaseOver('teacher windows', until, step.longestMs);
  const solve = async (jobs: number[]): Promise<SolvedWindow> => {
    const window = windowOf(c, jobs);
    const teacher = await solveWindow(ctx, window, rng.int(2 ** 31));
    await ctx.pause();
    return { window, teacher, examples: replay(window, teacher) };
  };
  const heldOut: SolvedWindow[] = [];
  step.start();
  for (const run of runs) {
    if (over()) break;
    heldOut.push(await solve(run));
    step.lap();
  }
  const train: SolvedWindow[] = [];
  for (let w = 0; w < maxWindows && !over(); w++) {
    train.push(await solve(sampleRun(pool, rng, size)));
    step.lap();
    ctx.report(
      `learning from the teacher: window ${w + 1} of at most ${maxWindows}`,
      0.4 * Math.max((w + 1) / maxWindows, (ctx.now() - started) / budgetMs),
    );
  }
  return { train, heldOut, windowJobs: size, ms: ctx.now() - started };
}
