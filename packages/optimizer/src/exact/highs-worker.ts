// HiGHS worker thread for the milp algorithm (the build bundles it into
// dist/workers/highs-worker.js, so Node runs it as plain JavaScript; its job
// and messages are typed in highs-runner.ts). HiGHS runs synchronously here; the
// parent stops it through a shared flag read in HiGHS's interrupt callbacks,
// and terminates the thread if it does not answer (e.g. after a WASM Aborted()).
//
// Two phases (docs/optimization.md): 1) maximise coverage sum(x) unless the parent
// already proved it (every fillable slot filled); 2) minimise the rest with
// sum(x) >= the phase-1 coverage. Incumbents stream back as they improve.
//
// Every HiGHS run stops where a replay stops it again, without the clock
// (milp-role-stops.ts; each phase is a stage): at an interrupt callback, or
// where the parent terminated the thread. HiGHS is single-threaded, gets no
// time limit of its own, and runs with the options the parent sends (a
// replay's: the recorded run's), so a replay of the recipe streams the same
// incumbents and ends alike.
import { parentPort, workerData } from 'node:worker_threads';
import loadHighs from 'highs';
import type { CallbackData } from 'highs';
import type { HighsJob, HighsPhase, HighsWorkerMessage } from './highs-runner';
import { replayableRuns } from './milp-role-stops';

const port = parentPort!;
const job = workerData as HighsJob;
const stop = new Int32Array(job.stop);
const stopped = () => Atomics.load(stop, 0) !== 0;
const replay = job.replay ?? null;
const started = performance.now();
const elapsedSec = () => (performance.now() - started) / 1000;
// The parent's deadline, on the wall clock all threads share: the thread's own
// start-up and HiGHS's loading count against the time limit too, and HiGHS is
// told to stop early by as much as it is expected to run past its callbacks' test.
const leftSec = () => (job.deadlineEpochMs - Date.now()) / 1000 - job.overshootSec;

const highs = await loadHighs();
const K = highs.constants.modelStatus;
const CB = highs.constants.callbackType;
const statusName = (code: number) =>
  (Object.keys(K) as (keyof typeof K)[]).find((key) => K[key] === code) ?? `status ${code}`;

const model = highs.createModel({
  numCols: job.numCols,
  numRows: job.numRows,
  offset: job.offset,
  colCost: job.colCost,
  colLower: job.colLower,
  colUpper: job.colUpper.map((v) => (v === Infinity ? highs.infinity : v)),
  rowLower: job.rowLower.map((v) => (v === -Infinity ? -highs.infinity : v)),
  rowUpper: job.rowUpper.map((v) => (v === Infinity ? highs.infinity : v)),
  integrality: job.isLp ? new Int32Array(job.numCols) : job.integrality,
  matrix: {
    format: 'csr',
    numRows: job.numRows,
    numCols: job.numCols,
    starts: job.starts,
    indices: job.indices,
    values: job.values,
  },
});

// HiGHS's own log (mipLogging) stays silent with output_flag off, so the
// incumbent and bound are read at its interrupt checkpoints and posted at
// most every PROGRESS_EVERY_MS for the parent's progress reports.
const PROGRESS_EVERY_MS = 250;
let lastProgress = -Infinity;
function progress(phase: number, data: CallbackData): void {
  const now = performance.now();
  if (now - lastProgress < PROGRESS_EVERY_MS) return;
  lastProgress = now;
  port.postMessage({
    type: 'log',
    phase,
    primal: data.mip_primal_bound!,
    dual: data.mip_dual_bound!,
    gap: data.mip_gap!,
  } satisfies HighsWorkerMessage);
}

/** The phase under way, which each streamed incumbent carries. */
let phaseNow = 0;
const runs = replayableRuns<Float64Array>(model, {
  replay,
  stopped,
  port,
  K,
  CB,
  // The whole x streams (a halted run's result, phase 2's start); the parent gets the assignment columns.
  incumbent: (x): HighsWorkerMessage => ({
    type: 'incumbent',
    phase: phaseNow,
    colValue: x.slice(0, job.xCount),
  }),
  // No time limit of HiGHS's own: its sub-MIPs would stop on it unseen (milp-role-stops.ts).
});
// Exactly the options the parent sent, the time limit aside (set per run by `runs`).
model.options.set({ ...job.highsOptions, output_flag: false });

/** A phase's objective at x: filled slots (phase 1), or the model's cost with its offset. */
function valueAt(x: Float64Array, phase: number): number {
  let value = phase === 1 ? 0 : job.offset;
  for (let k = 0; k < job.numCols; k++)
    value += phase === 1 ? (k < job.xCount && x[k]! > 0.5 ? 1 : 0) : job.colCost[k]! * x[k]!;
  return value;
}

/** How one phase's HiGHS run ended, with its best x (all columns) if it has one. */
interface PhaseRun extends HighsPhase {
  readonly colValue: Float64Array | null;
}

function run(phase: number, timeLimit: number): PhaseRun {
  phaseNow = phase;
  runs.stages++;
  const { modelStatus, halted, ran, lastStreamed } = runs.run(
    Date.now() + 1000 * Math.max(0.05, timeLimit),
    {
      [CB.mipInterrupt](event) {
        progress(phase, event.data);
      },
      [CB.mipImprovingSolution](event) {
        const x = event.data.mip_solution;
        if (x) runs.stream(x);
      },
      [CB.mipLogging](event) {
        progress(phase, event.data);
      },
    },
  );
  if (halted || !ran) {
    // Stopped between callbacks (or replayed where such a stop was): its solver data is cleared,
    // and where it left off is its last streamed incumbent; its bound is not known.
    return {
      status: statusName(modelStatus),
      optimal: false,
      objective: lastStreamed ? valueAt(lastStreamed, phase) : null,
      bound: NaN,
      gap: NaN,
      nodes: 0,
      colValue: lastStreamed,
    };
  }
  const hasPrimal = model.info.get('primal_solution_status') === 2;
  const colValue = hasPrimal ? model.getSolution().colValue : null;
  const optimal = modelStatus === K.optimal;
  const objective = hasPrimal ? model.getObjectiveValue() : null;
  // An LP relaxation's optimum is itself the bound; a MIP reports its dual bound.
  return {
    status: statusName(modelStatus),
    optimal,
    objective,
    bound: job.isLp ? (optimal ? objective! : NaN) : (model.info.get('mip_dual_bound') as number),
    gap: job.isLp ? NaN : (model.info.get('mip_gap') as number),
    nodes: job.isLp ? 0 : Number(model.info.get('mip_node_count')),
    colValue,
  };
}

try {
  // A replay of a run terminated before its first HiGHS run ends here.
  runs.finish();
  const xIdx = Array.from({ length: job.xCount }, (_, k) => k);
  let coverage = job.knownCoverage;
  let phase1: PhaseRun | null = null;
  let start = job.warmStart;
  if (coverage === null && !runs.killed) {
    const ones = new Float64Array(job.numCols);
    ones.fill(1, 0, job.xCount);
    model.changeColsCost({ kind: 'range', from: 0, to: job.numCols - 1 }, ones);
    model.changeObjectiveSense(highs.constants.objectiveSense.maximize);
    model.changeObjectiveOffset(0);
    if (start) model.setSolution({ colValue: start });
    phase1 = run(1, Math.min(job.timeLimitSec * job.phase1Share, leftSec()));
    const best = phase1.colValue;
    coverage = best ? Math.round(phase1.objective!) : job.warmCoverage;
    if (best) start = best;
    port.postMessage({
      type: 'phase',
      phase: 1,
      ...phase1,
      colValue: undefined,
    } satisfies HighsWorkerMessage);
    model.changeColsCost({ kind: 'range', from: 0, to: job.numCols - 1 }, job.colCost);
    model.changeObjectiveSense(highs.constants.objectiveSense.minimize);
    model.changeObjectiveOffset(job.offset);
  }
  const phase1Proven = phase1 === null || phase1.optimal;
  let phase2: PhaseRun | null = null;
  // Phase 2 runs unless stopped first, or on a replay if the recorded run started it.
  const phase2Due = replay ? runs.stages < replay.stages : !stopped();
  if (phase2Due && !runs.killed && !job.onlyPhase1) {
    // Set above: known, or phase 1 ran (it runs unless the thread was killed).
    model.addRow(coverage!, highs.infinity, { indices: xIdx, values: xIdx.map(() => 1) });
    if (start) model.setSolution({ colValue: start });
    phase2 = run(2, leftSec());
  }
  port.postMessage({
    type: 'done',
    // A replay that reached the run the parent terminated ends as that run did (the parent knows how).
    killed: runs.killed,
    recipe: runs.recipe(),
    callbacks: runs.checks,
    coverage,
    phase1Proven,
    phase1: phase1 && { ...phase1, colValue: undefined },
    phase2: phase2 && { ...phase2, colValue: undefined },
    colValue: phase2?.colValue ?? start ?? null,
    seconds: elapsedSec(),
    memoryBytes: highs.memoryBytes,
  } satisfies HighsWorkerMessage);
} catch (error) {
  // A WASM Aborted() (e.g. the 2 GiB heap cap) leaves this runtime unusable:
  // the parent terminates the thread and keeps the incumbents it received.
  port.postMessage({
    type: 'error',
    message: String((error as { message?: unknown } | null | undefined)?.message ?? error),
  } satisfies HighsWorkerMessage);
}
