// HiGHS thread for one role's exact model (milp by role, milp-role.ts). The
// build bundles it with the modules it imports into
// dist/workers/milp-role-worker.js, which Node runs as plain JavaScript; its
// job and messages are typed in milp-role-messages.ts. Each
// role gets its own thread and so its own 2 GiB WebAssembly heap.
//
// 1. Column generation on the role's LP (milp-role-pricing.ts, over the
//    model of milp-role-columns.ts): the slot and balance rows are there
//    from the start, a clique or rotation row enters when a solution breaks
//    it; assignment columns x[s,p] enter when their reduced cost is negative. Every round gives a Lagrangian bound
//    (the restricted LP's value plus, per slot, the least reduced cost over
//    all of its pairs), a valid lower bound on the role's MIP.
// 2. Told the incumbent (the parent's ALNS warm start), it keeps only the
//    pairs whose excess reduced cost is within (incumbent - bound): any
//    better solution uses none of the others. The MIP over the kept pairs is
//    then exact: its optimum is the role's optimum, and its dual bound (or the
//    Lagrangian bound) bounds the role's part of F. Before it, small sub-MIPs
//    bring the incumbent near the optimum, which shrinks that room: an LP dive
//    (the slots the LP fills whole fixed) and RINS (fixed where the LP and the
//    incumbent agree). Both in milp-role-mips.ts.
// 3. Every HiGHS run stops where a replay stops it again, without the clock
//    (milp-role-stops.ts): a replay of its recipe gives the same incumbents.
import { appendFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import loadHighs from 'highs';
import type { CallbackEventFor, HighsCallbackMap } from 'highs';
import { RoleColumns } from './milp-role-columns';
import type { RoleJob, RoleMessage, RoleOrder } from './milp-role-messages';
import { roleMips } from './milp-role-mips';
import { generateColumns } from './milp-role-pricing';
import { replayableRuns } from './milp-role-stops';

const port = parentPort!;
const job = workerData as RoleJob;
const stop = new Int32Array(job.stop);
const replay = job.replay ?? null;
const stopped = () => Atomics.load(stop, 0) !== 0;
const leftSec = () => (job.deadlineEpochMs - Date.now()) / 1000 - job.overshootSec;
const lpUntil = job.lpDeadlineEpochMs;

const highs = await loadHighs();
const K = highs.constants.modelStatus;
const CB = highs.constants.callbackType;
const cols = new RoleColumns(highs, job);

// MERIDIAN_MILP_LOG=FILE appends HiGHS's own log, each line with the role and the seconds since the
// thread began, to FILE: where a MIP spends its time (presolve, root LP, cuts, branching). Logging
// changes no decision of HiGHS's and no interrupt callback, so a run logs as it runs without it.
const logFile = process.env.MERIDIAN_MILP_LOG;
const began = Date.now();
const logging: HighsCallbackMap = logFile
  ? {
      [CB.logging](event) {
        const at = ((Date.now() - began) / 1000).toFixed(1);
        const text = String(event.message ?? '').trimEnd();
        // eslint-disable-next-line security/detect-non-literal-fs-filename -- the log file the person running the solver named
        if (text) appendFileSync(logFile, `${job.role === 0 ? 'lead' : 'dacq'} ${at}s ${text}\n`);
      },
    }
  : {};
/** A line of the thread's own in that log (its handler reads only the message). */
const note = (text: string) =>
  logging[CB.logging]?.({ message: `# ${text}` } as CallbackEventFor<typeof CB.logging>);
// Every HiGHS run stops where a replay can stop it again (milp-role-stops.ts). No time limit of
// HiGHS's own: it hands what is left of it to its sub-MIPs (RINS, RENS), which stop on it where no
// callback sees them, so a run cut there streamed a worse incumbent than its replay (which has no
// limit) at the same count (seen in CI under load: the replay's F 4.2 lower). The parent's
// termination at its deadline is then the only stop between callbacks, and it is replayable.
const runs = replayableRuns(cols.model, {
  replay,
  stopped,
  port,
  K,
  CB,
  logging,
});

const lp = generateColumns(cols, { job, runs, replay, stopped, lpUntil, K, logFile, note, port });
port.postMessage({
  type: 'lp-done',
  callbacks: runs.checks,
  rounds: lp.rounds,
  converged: lp.converged,
  lp: lp.lpValue + job.offset,
  bound: lp.lagrangian + job.offset,
  columns: cols.colOf.reduce((n, col) => n + (col >= 0 ? 1 : 0), 0),
  rows: cols.hrowCount,
} satisfies RoleMessage);

// Wait for the incumbent (pair per slot, -1 none) and the go-ahead for the MIP.
const order = await new Promise<RoleOrder>((resolve) => port.once('message', resolve));
/** Whether another MIP stage starts: time for it, or on a replay the recorded run started it. */
const stageDue = () =>
  !stopped() && !runs.killed && (replay ? runs.stages < replay.stages : leftSec() > 0.2);
const mip = roleMips({
  highs,
  cols,
  runs,
  job,
  K,
  CB,
  excess: lp.excess,
  lpX: lp.lpX,
  incumbent: order.incumbent,
  stageDue,
  leftSec,
  note,
  logFile,
});
runs.finish();
port.postMessage({
  type: 'done',
  pairs: mip.bestPairs,
  lagrangian: lp.lagrangian + job.offset,
  incumbent: mip.incumbentValue + job.offset,
  final: mip.upperValue + job.offset,
  // Proven means within HiGHS's relative gap (mipRelGap): the bound is its dual bound, not the incumbent.
  bound: Math.max(lp.lagrangian + job.offset, mip.coveredBound),
  kept: mip.kept,
  stages: runs.stages,
  neighbourhoods: mip.neighbourhoods,
  ...mip.result,
  optimal: mip.proven,
  recipe: runs.recipe(),
  callbacks: runs.checks,
} satisfies RoleMessage);
