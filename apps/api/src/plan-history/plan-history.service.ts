import type { RestoreConflict, Run, RunChange, RunDetail, RunSlot } from '@meridian/contracts';
import { checkHardConstraints } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { KitsRepository } from '../repositories/kits.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import type { JobsRepository, PlanSlots, SlotRestore } from '../repositories/jobs.repository';
import type { RunChangesRepository } from './run-changes.repository';
import type { ReasonChange, RemovedLeave, RunsRepository } from './runs.repository';
import type { InstanceBuilder } from '../services/instance-builder';
import { planAssignments, sameSlot } from './plan-diff';
import type { RunRecorder } from './run-recorder';
import { startsOf } from './plan-summary';
import type { PlanChangeNotices } from '../plan-window/plan-change-notices';
import type { SettingsService } from '../services/settings.service';

/** A restore's outcome: done (the restore's own run), or the slots changed since (nothing written). */
export type RestoreOutcome =
  | { kind: 'restored'; message: string; run: Run }
  | { kind: 'conflict'; detail: string; conflicts: RestoreConflict[] };

const SLOT_WORDS: Record<RunSlot, string> = { lead: 'lead', data_acq: 'data acq', kit: 'kit' };

/** The sentence of a 409: which jobs changed since the run, at most eight named. */
function conflictDetail(runId: number, conflicts: readonly RestoreConflict[]): string {
  const named = conflicts
    .slice(0, 8)
    .map(
      (c) =>
        `job ${c.job_id}${c.customer === null ? ' (deleted)' : ` ${c.customer}`} ${SLOT_WORDS[c.slot]}`,
    )
    .join(', ');
  const more = conflicts.length > 8 ? ` and ${conflicts.length - 8} more` : '';
  return `${conflicts.length} slot${conflicts.length === 1 ? '' : 's'} changed since run ${runId}: ${named}${more}; nothing was restored. Restore with force to overwrite them.`;
}

/** Leave records in words: "Alice Carter 2026-12-08 to 2026-12-12, ...". */
function leaveWords(rows: readonly RemovedLeave[]): string {
  return rows
    .map(
      (r) =>
        `${r.physicist_name} ${r.start_date === r.end_date ? r.start_date : `${r.start_date} to ${r.end_date}`}`,
    )
    .join(', ');
}

/**
 * The plan's history: recorded runs, what each changed, and putting back the
 * plan as it was before one of them (itself recorded as a run).
 */
export class PlanHistory {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly runs: RunsRepository,
    private readonly changes: RunChangesRepository,
    private readonly jobs: JobsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly recorder: RunRecorder,
    private readonly leave: AvailabilityRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly kits: KitsRepository,
    private readonly changeNotices: PlanChangeNotices,
  ) {}

  /** Recorded runs, newest first. */
  list(limit: number): Promise<Run[]> {
    return this.runs.list(limit);
  }

  /** One run with every slot it changed; 404 when there is no such run. */
  async get(id: number): Promise<RunDetail> {
    const run = await this.runs.find(id);
    if (!run) throw notFound(`Run ${id} not found`);
    return { ...run, changes: await this.changes.list(id) };
  }

  /**
   * Puts every slot the run changed back as it was before the run, in one
   * transaction with every job locked. A slot that no longer holds what the
   * run left (edited, locked, or its job deleted) is a conflict: without
   * `force` nothing is written and the conflicts are answered; with it they
   * are overwritten (a deleted job is skipped). Each job's reason text goes
   * back too where it is still the one the run wrote. The restore is
   * recorded as a run of its own, so it can be undone in turn.
   */
  async restore(id: number, force: boolean, user: AuthUser): Promise<RestoreOutcome> {
    const run = await this.runs.find(id);
    if (!run) throw notFound(`Run ${id} not found`);
    const changed = await this.changes.list(id);
    if (changed.length === 0) {
      throw badRequest(`Run ${id} changed no slots; there is nothing to put back`);
    }
    // Read before the transaction: on the embedded database the outer handle waits for it.
    const weights = await this.settings.getWeights();
    const started = performance.now();
    let wake: () => Promise<void> = () => Promise.resolve();
    const outcome = await this.db.transaction().execute(async (trx): Promise<RestoreOutcome> => {
      // Jobs, people and leave locked as an optimisation's write takes them, so
      // nothing committed meanwhile escapes the rule check below.
      await this.jobs.lockForPlanWrite(trx);
      // Kits after the jobs, as kit assignment and a kit's deletion take them.
      await this.kits.lockAll(trx);
      // A restore is a manager's deliberate act: published jobs may change (their people
      // are told), past ones stay as they happened.
      const fresh = await this.builder.build(trx, weights, { scope: 'published' });
      const changes = changed.filter((c) => !fresh.frozen.has(String(c.job_id)));
      const past = changed.length - changes.length;
      if (changes.length === 0) {
        throw badRequest(
          `Every slot run ${id} changed is on a job already past; the past is kept as it happened, so there is nothing to put back`,
        );
      }
      const before = await this.jobs.planSlots(trx);
      const current = new Map(before.map((j) => [j.id, j]));
      await this.refuseDeletedHolders(id, changes, current, trx);
      const conflicts = this.conflicts(changes, current);
      if (conflicts.length > 0 && !force) {
        return { kind: 'conflict', detail: conflictDetail(id, conflicts), conflicts };
      }
      const reasons = await this.runs.reasons(id, trx);
      const writes = this.restores(changes, reasons, current);
      // Leave an applied what-if recorded goes with it: the absence was part of that run.
      const removedLeave = await this.leave.deleteRecordedBy(id, trx);
      // Undoing a restore puts back the leave that restore removed (read with the
      // plan below, so the rule check sees it); the new run records it once stored.
      const reinstated = await this.leave.insertRecorded(
        await this.runs.removedLeave(id, trx),
        null,
        trx,
      );
      await this.jobs.restorePlanSlots(writes, trx);
      const after = await this.jobs.planSlots(trx);
      // Read again: a forced restore unpins the slots it overwrites.
      const rebuilt = await this.builder.build(trx, weights, { scope: 'published' });
      const assignmentsAfter = planAssignments(rebuilt.instance, after);
      // A slot put back must not double-book anyone booked elsewhere since (or on
      // leave now): any rule broken after the write that was not broken before.
      const key = (v: { job_id: string; slot: string; reason: string }) =>
        `${v.job_id}|${v.slot}|${v.reason}`;
      const already = new Set(
        checkHardConstraints(fresh.instance, planAssignments(fresh.instance, before)).map(key),
      );
      const broken = checkHardConstraints(rebuilt.instance, assignmentsAfter).filter(
        (v) => !already.has(key(v)),
      );
      if (broken.length > 0) {
        const first = broken
          .slice(0, 3)
          .map((v) => `job ${v.job_id} ${v.slot}: ${v.reason}`)
          .join('; ');
        // Thrown, so the transaction rolls back and nothing is restored.
        throw conflict(
          `Putting back run ${id} would break the scheduling rules (${first}${broken.length > 3 ? `; and ${broken.length - 3} more` : ''}); nothing was restored`,
        );
      }
      const { id: runId } = await this.recorder.recordWrite(
        trx,
        {
          kind: 'restore',
          taskId: null,
          algorithm: null,
          weights,
          instance: fresh.instance,
          planning: fresh.planning,
          startOf: startsOf(fresh),
          instanceAfter: rebuilt.instance,
          restoredRunId: id,
          createdBy: user.id,
          startedMs: started,
        },
        before,
        after,
      );
      await this.runs.keepRemovedLeave(runId, removedLeave, trx);
      await this.leave.recordBy(
        reinstated.map((r) => r.id),
        runId,
        trx,
      );
      wake = await this.changeNotices.tell(trx);
      const recorded = (await this.runs.find(runId, trx))!;
      const restored = recorded.changed_slots;
      const skipped = conflicts.filter((c) => c.customer === null).length;
      return {
        kind: 'restored',
        run: recorded,
        message:
          `Restored ${restored} slot${restored === 1 ? '' : 's'} as they were before run ${id}` +
          (force && conflicts.length > 0
            ? ` (${conflicts.length - skipped} later change${conflicts.length - skipped === 1 ? '' : 's'} overwritten${skipped > 0 ? `, ${skipped} on deleted jobs skipped` : ''})`
            : '') +
          (removedLeave.length > 0
            ? `; removed the leave it recorded (${leaveWords(removedLeave)})`
            : '') +
          (reinstated.length > 0
            ? `; put back the leave it removed (${leaveWords(reinstated)})`
            : '') +
          (past > 0
            ? `; ${past} slot${past === 1 ? '' : 's'} on jobs already past left as they happened`
            : ''),
      };
    });
    await wake();
    return outcome;
  }

  /**
   * 409 naming every physicist or kit the restore would put back that has
   * been deleted since the run, force or not: the slot cannot hold someone
   * who is gone (the database would refuse it, 23503), and leaving it empty
   * instead would not be the plan as it was. Jobs deleted since are skipped
   * anyway, so their slots are not counted.
   */
  private async refuseDeletedHolders(
    runId: number,
    changes: readonly RunChange[],
    current: Map<number, PlanSlots>,
    trx: Kysely<DB>,
  ): Promise<void> {
    const wanted = { people: new Map<number, string>(), kits: new Map<number, string>() };
    for (const c of changes) {
      if (c.before?.id == null || !current.has(c.job_id)) continue;
      (c.slot === 'kit' ? wanted.kits : wanted.people).set(c.before.id, c.before.name);
    }
    const [people, kits] = await Promise.all([
      this.physicists.existingIds([...wanted.people.keys()], trx),
      this.kits.existingIds([...wanted.kits.keys()], trx),
    ]);
    const gone = [
      ...[...wanted.people].filter(([pid]) => !people.has(pid)).map(([, n]) => `physicist ${n}`),
      ...[...wanted.kits].filter(([kid]) => !kits.has(kid)).map(([, n]) => `kit ${n}`),
    ];
    if (gone.length === 0) return;
    const named =
      gone.slice(0, 8).join(', ') + (gone.length > 8 ? ` and ${gone.length - 8} more` : '');
    throw conflict(
      `Run ${runId} cannot be put back: it would assign ${named}, deleted since; nothing was restored`,
    );
  }

  /** Slots that no longer hold what the run left, or are locked now, or whose job is gone. */
  private conflicts(
    changes: readonly RunChange[],
    current: Map<number, PlanSlots>,
  ): RestoreConflict[] {
    const out: RestoreConflict[] = [];
    for (const c of changes) {
      const job = current.get(c.job_id);
      if (job && sameSlot(job[c.slot], c.after) && !job.pinned[c.slot]) continue;
      out.push({
        job_id: c.job_id,
        customer: job?.customer ?? null,
        slot: c.slot,
        expected: c.after,
        current: job ? job[c.slot] : null,
      });
    }
    return out;
  }

  /**
   * One write per job still there: each changed slot's value before the run,
   * and the reason before it where the reason is still the one the run wrote.
   */
  private restores(
    changes: readonly RunChange[],
    reasons: readonly ReasonChange[],
    current: Map<number, PlanSlots>,
  ): SlotRestore[] {
    const byJob = new Map<number, SlotRestore>();
    const row = (jobId: number) => {
      const found = byJob.get(jobId) ?? { id: jobId, reason: null };
      byJob.set(jobId, found);
      return found;
    };
    for (const c of changes) {
      if (current.has(c.job_id)) row(c.job_id)[c.slot] = c.before;
    }
    for (const r of reasons) {
      if (current.get(r.job_id)?.reason === r.after) row(r.job_id).reason = r.before;
    }
    return [...byJob.values()];
  }
}
