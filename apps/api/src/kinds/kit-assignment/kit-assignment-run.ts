import { evaluateObjective, type Weights } from '@meridian/domain';
import type { KitCoverResult } from '@meridian/optimizer/kits';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobKitWrite, JobsRepository } from '../../repositories/jobs.repository';
import type { KitsRepository } from '../../repositories/kits.repository';
import type { TaskRow } from '../../repositories/tasks.repository';
import { StaleResult, type RunContext, type TaskOutcome } from '../../tasks/task-kinds';
import { inputFingerprint } from '../../plan-history/input-fingerprint';
import type { BuiltInstance, InstanceBuilder } from '../../services/instance-builder';
import { coverInThread, type PathCoverInput } from './path-cover-thread';
import { jobsFilled, planAssignments } from '../../plan-history/plan-diff';
import type { RunRecorder } from '../../plan-history/run-recorder';
import { startsOf } from '../../plan-history/plan-summary';
import type { PlanChangeNotices } from '../../plan-window/plan-change-notices';
import type { PlanningJob } from '../../repositories/instance.repository';
import type { SettingsService } from '../../services/settings.service';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The answer's sentence: kits used, jobs covered, total kit miles and why jobs went without. */
export function kitAssignmentMessage(result: KitCoverResult, dated: number): string {
  const kitsUsed = new Set(result.assignments.map((a) => a.kit_id)).size;
  const why = new Map<string, number>();
  for (const u of result.uncovered) why.set(u.reason, (why.get(u.reason) ?? 0) + 1);
  const reasons = [...why].map(([reason, n]) => `${n} ${reason.replaceAll('_', ' ')}`).join(', ');
  return (
    [
      `Kits assigned: ${plural(kitsUsed, 'kit')} cover ${result.covered} of ${plural(dated, 'dated job')}`,
      `total kit miles: ${Math.round(result.total_miles).toLocaleString('en-US')}`,
      ...(result.uncovered.length > 0 ? [`without a kit: ${reasons}`] : []),
      ...(result.conflicts.length > 0
        ? [`${plural(result.conflicts.length, 'pinned kit')} kept although they clash`]
        : []),
      ...(result.status === 'feasible' ? [notProvenNote(result)] : []),
    ].join('; ') + '.'
  );
}

/** How far a cover that is not proven optimal can be from the best, by the cover's lower bound. */
function notProvenNote(result: KitCoverResult): string {
  const { bound } = result;
  if (result.covered < bound.covered)
    return `not proven optimal: at most ${plural(bound.covered - result.covered, 'more job')} could have a kit`;
  const extra = Math.max(0, Math.round(result.total_miles - bound.miles));
  return `not proven optimal: at most ${extra.toLocaleString('en-US')} miles more than the best cover`;
}

/** How often the schedule may change under a run before the caller is told to try again. */
export const ATTEMPTS = 3;

/** The failure after ATTEMPTS changed schedules (answered 409). */
export const KEPT_CHANGING =
  'Jobs or kits kept changing while kits were being assigned; nothing was changed, run it again';

/** What a cover's run hands its apply: what it solved, the cover and the weights for F. */
export interface Covered {
  /** The instance the cover's input was taken from (built once, before the cover). */
  built: BuiltInstance;
  input: PathCoverInput;
  result: KitCoverResult;
  weights: Weights;
}

/**
 * The worker side of kit assignment (KitAssignmentRequests queues it): the
 * minimum-cost path cover of docs/optimization.md over the stored jobs and
 * kits; pinned kits stay (exact without pins; with them, the message says
 * when it is not proven optimal and how far it can be). The cover runs on a
 * thread of its own with no transaction open (on the embedded database an
 * open transaction holds the only session, so every other request would
 * wait for the whole solve). Its apply then locks the jobs and kits and
 * writes only if what the cover was solved from is unchanged (when the
 * tables' change counters moved, it reads the jobs and kits again and
 * compares); otherwise it says its result is stale and the task runner
 * solves again, and after ATTEMPTS tries the task fails (409) with nothing
 * changed. A cancel stops the thread and writes nothing.
 */
export class KitAssignmentRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobsRepository,
    private readonly kits: KitsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly recorder: RunRecorder,
    private readonly changeNotices: PlanChangeNotices,
  ) {}

  /** Covers on a thread; null when cancelled. */
  async run(_task: TaskRow, { signal }: RunContext): Promise<Covered | null> {
    // The weights F is recorded with (kits are not in F, but the run records its parts).
    const weights = await this.settings.getWeights();
    const built = await this.builder.build(this.db, weights);
    const input = coverInput(built);
    const result = await coverInThread(input, signal).catch((error: unknown) => {
      if (signal.aborted) return null;
      throw error;
    });
    if (result === null || signal.aborted) return null;
    return { built, input, result, weights };
  }

  /** Writes every dated job's kit and records the run, unless the cover's input changed. */
  async apply(trx: Kysely<DB>, task: TaskRow, covered: Covered): Promise<TaskOutcome> {
    const { input, result, weights } = covered;
    // Every job, then every kit, in id order: the order manual assignment and kit
    // edits take them in (a job before its kit), so writers queue instead of deadlocking.
    await this.jobs.lockAll(trx);
    await this.kits.lockAll(trx);
    // The run's instance, unless a table it was read from was written since: then the
    // cover still stands if what it was solved from (jobs, their pins, kits) is the same.
    const built = await this.builder.current(trx, covered.built);
    if (built !== covered.built && JSON.stringify(coverInput(built)) !== JSON.stringify(input)) {
      throw new StaleResult(KEPT_CHANGING, 409);
    }
    const before = await this.jobs.planSlots(trx);
    await this.jobs.writeKits(
      this.rows(input, result).filter((row) => !built.frozen.has(String(row.id))),
      trx,
    );
    const after = await this.jobs.planSlots(trx);
    // Recorded in the plan history (kits are not in F, so F's parts stay as they were).
    const assignments = planAssignments(built.instance, after);
    await this.recorder.record(
      trx,
      {
        kind: 'kit_assignment',
        taskId: task.id,
        algorithm: null,
        status: result.status,
        weights,
        seed: null,
        objective: evaluateObjective(built.instance, assignments, weights),
        objectiveBefore: evaluateObjective(
          built.instance,
          planAssignments(built.instance, before),
          weights,
        ),
        inputFingerprint: inputFingerprint(built.instance),
        bound: null,
        elapsedMs: 0,
        timeLimitMs: task.time_limit_ms,
        maxIterations: null,
        iterations: {},
        jobsAssigned: jobsFilled(assignments),
        jobsTotal: assignments.length,
        restoredRunId: null,
        createdBy: task.created_by,
        planning: covered.built.planning,
      },
      before,
      after,
      startsOf(built),
    );
    const wake = await this.changeNotices.tell(trx);
    const message = kitAssignmentMessage(result, input.jobs.length);
    return {
      message,
      finalEvent: { type: 'complete', message },
      results: { message },
      afterCommit: wake,
    };
  }

  /** Every dated job's kit after the cover (null: none free); the SQL keeps pinned ones. */
  private rows(input: PathCoverInput, result: KitCoverResult): JobKitWrite[] {
    const byJob = new Map(result.assignments.map((a) => [a.job_id, a]));
    return input.jobs.map((j) => {
      const a = byJob.get(j.id);
      return { id: Number(j.id), kit: a === undefined ? null : Number(a.kit_id) };
    });
  }
}

/**
 * What the cover is solved from: the instance's dated jobs and placed kits.
 * Pinned kits are fixed; so is the kit of a frozen job (past, or published
 * outside the run's scope), and a frozen job without one stays without: it
 * is left out.
 */
function coverInput(built: BuiltInstance): PathCoverInput {
  const fixedKit = (j: PlanningJob) =>
    (j.kit_pinned || built.frozen.has(String(j.id))) && j.assigned_kit_id !== null
      ? String(j.assigned_kit_id)
      : null;
  return {
    jobs: [...built.jobs.values()]
      .filter((j) => !built.frozen.has(String(j.id)) || j.assigned_kit_id !== null)
      .map((j) => ({
        id: String(j.id),
        start: j.start!,
        end: j.end!,
        lat: j.lat,
        lon: j.lon,
        zip: j.zip_code,
        kit_id: fixedKit(j),
      })),
    kits: [...built.kits.values()].map((k) => ({
      id: String(k.id),
      lat: k.lat!,
      lon: k.lon!,
      zip: k.current_location_zip,
      is_out_for_maintenance: k.is_out_for_maintenance,
    })),
  };
}
