// The parent's side of milp by role's HiGHS threads (milp-role.ts): one
// thread per role (milp-role-worker.ts), its job, and what it reported.
import { Worker } from 'node:worker_threads';
import { builtWorkerUrl } from '../core/built-workers';
import type { AlgorithmContext } from '../core/context';
import type { MilpRoleRecipe } from '../core/contract';
import type { SolutionState } from '../core/solution';
import { highsOvershootSec, MIP_REL_GAP } from './highs-runner';
import type { RoleDone, RoleJob, RoleLpDone, RoleMessage } from './milp-role-messages';
import { pairsOfState } from './milp-role-model';
import type { RoleModel } from './milp-role-model';

/** Nearest free candidates per slot in each role's first restricted LP (besides the warm start's). */
const FIRST_COLUMNS_PER_SLOT = 3;

/** What one role's thread reported. */
export interface RoleRun {
  lp: RoleLpDone | null;
  done: RoleDone | null;
  pairs: Int32Array | null;
  /** The HiGHS run under way (as the thread posted it) and the incumbents received from it. */
  at: { recipe: MilpRoleRecipe; streamed: number };
  /** Set when the thread was terminated at the deadline: where it was, which a replay repeats. */
  killed?: MilpRoleRecipe;
  error?: string;
}

/** A role's thread: its LP is done (or it ended) at `lpReady`, and it has ended at `finished`. */
export interface RoleThread {
  readonly worker: Worker;
  readonly lpReady: Promise<void>;
  readonly finished: Promise<void>;
}

/** What every role's thread of one run shares. */
export interface RoleThreadsSetup {
  readonly ctx: AlgorithmContext;
  readonly warm: SolutionState;
  /** The shared stop flag (an Int32). */
  readonly stopBuffer: SharedArrayBuffer;
  readonly deadline: number;
  readonly lpDeadline: number;
  /** Per role, where the recorded run's thread stopped (a replay). */
  readonly recorded: readonly MilpRoleRecipe[] | undefined;
  /** Called with each LP round's progress line. */
  readonly onLine: (line: string) => void;
  /** Called on each incumbent a thread streams (already in its RoleRun). */
  readonly onIncumbent: () => void;
}

/** A role's run before its thread reports anything. */
export function newRoleRun(): RoleRun {
  return {
    lp: null,
    done: null,
    pairs: null,
    at: { recipe: { lpRuns: 0, stages: 0, cuts: [] }, streamed: 0 },
  };
}

/** The job of role `r`'s thread: its model, its first pairs, the deadlines and a replay's stops. */
function roleJob(setup: RoleThreadsSetup, model: RoleModel, r: number): RoleJob {
  const firstPairs = new Set<number>(pairsOfState(model, setup.warm).filter((q) => q >= 0));
  for (let q = 0, seen = 0, s = -1; q < model.pairSlot.length; q++) {
    if (model.pairSlot[q] !== s) [s, seen] = [model.pairSlot[q]!, 0];
    if (seen++ < FIRST_COLUMNS_PER_SLOT) firstPairs.add(q);
  }
  return {
    ...model,
    initialPairs: Int32Array.from(firstPairs),
    stop: setup.stopBuffer,
    seed: setup.ctx.options.seed % 2_147_483_647,
    deadlineEpochMs: setup.deadline,
    lpDeadlineEpochMs: setup.lpDeadline,
    overshootSec: highsOvershootSec(model.pairRows.length / 2),
    mipRelGap: MIP_REL_GAP,
    replay: setup.recorded?.[r] ?? null,
  };
}

/**
 * Starts role `r`'s thread, recording what it reports into `run`. At the
 * deadline a thread that has not answered is ended; its incumbents are kept,
 * and where it was (`run.killed`) is what a replay repeats.
 */
export function startRoleThread(
  setup: RoleThreadsSetup,
  model: RoleModel,
  r: number,
  run: RoleRun,
): RoleThread {
  const { deadline, onLine, onIncumbent } = setup;
  const worker = new Worker(builtWorkerUrl('milp-role'), { workerData: roleJob(setup, model, r) });
  let lpDone!: () => void;
  const lpReady = new Promise<void>((resolve) => (lpDone = resolve));
  const finished = new Promise<void>((resolve) => {
    let ended = false;
    const end = (error?: string, atDeadline = false) => {
      if (ended) return;
      ended = true;
      if (error && !run.done) run.error = error;
      if (atDeadline && !run.done) run.killed = { ...run.at.recipe, killedAfter: run.at.streamed };
      lpDone();
      resolve();
      void worker.terminate();
    };
    worker.on('message', (m: RoleMessage) => {
      // What arrives after the end is not used, so the recipe holds what was.
      if (ended) return;
      if (m.type === 'run') run.at = { recipe: m.recipe, streamed: 0 };
      else if (m.type === 'lp')
        onLine(
          `milp by role: ${r === 0 ? 'lead' : 'data-acq'} LP round ${String(m.rounds)}, bound ${Number(m.bound).toFixed(2)}`,
        );
      else if (m.type === 'lp-done') {
        run.lp = m;
        lpDone();
      } else if (m.type === 'incumbent') {
        run.at.streamed++;
        run.pairs = m.pairs;
        onIncumbent();
      } else if (m.type === 'done') {
        run.done = m;
        run.pairs = run.done.pairs;
        end();
      }
    });
    worker.on('error', (error) => end(error.message));
    worker.on('exit', (code) => end(`HiGHS role thread exited with code ${code}`));
    // At the deadline (plus its grace), a thread that has not answered is ended; its incumbents are kept.
    setTimeout(
      () => end('stopped at the deadline', true),
      Math.max(0, deadline - Date.now()),
    ).unref();
  });
  return { worker, lpReady, finished };
}

/** Why the run cannot be replayed because of its threads (a crash; a termination is replayable). */
export function threadBlocker(runs: readonly RoleRun[]): string | undefined {
  return runs
    .map((r, i) => {
      const why = r.done || r.killed ? undefined : (r.error ?? 'no answer');
      return (
        why && `the ${i === 0 ? 'lead' : 'data-acq'} HiGHS thread did not finish its run: ${why}`
      );
    })
    .find(Boolean);
}
