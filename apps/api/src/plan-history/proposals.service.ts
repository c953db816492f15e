import type { AppliedProposal, Proposal } from '@meridian/contracts';
import { StoredObjectiveSchema, WeightsSchema, type Unavailability } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { conflict, notFound } from '../http/http-error';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { JobsRepository, PlanSlots } from '../repositories/jobs.repository';
import type {
  PreviewSearch,
  ProposalResult,
  RepairInput,
  ProposalRow,
  ProposalsRepository,
  StoredAbsence,
} from './proposals.repository';
import type { InstanceBuilder } from '../services/instance-builder';
import { uncoveredRanges } from './leave-gaps';
import { planFingerprint } from './plan-fingerprint';
import type { RunRecorder } from './run-recorder';
import { startsOf } from './plan-summary';
import type { PlanChangeNotices } from '../plan-window/plan-change-notices';
import { proposalLabel, proposalReasons } from './proposal-reasons';
import type { SettingsService } from '../services/settings.service';

/** A slot an applied repair took from the absent physicist, and who has it now (null: nobody yet). */
export interface HandedOverSlot {
  job_id: number;
  customer: string;
  slot: 'lead' | 'data_acq';
  to: string | null;
}

/**
 * Hears of an applied repair of a physicist's absence, in its transaction
 * (leave-requests/cover-notices.ts tells a leave request's asker); answers
 * what to call once the transaction committed.
 */
export interface RepairAppliedListener {
  applied(
    trx: Kysely<DB>,
    proposalId: number,
    handed: readonly HandedOverSlot[],
  ): Promise<() => Promise<void>>;
}

/** The physicist slots `changes` took from `physicistId`, with their holders in `after`. */
function handedOver(
  physicistId: number,
  changes: ProposalResult['changes'],
  after: readonly PlanSlots[],
): HandedOverSlot[] {
  const now = new Map(after.map((j) => [j.id, j]));
  return changes.flatMap((c) => {
    if (c.slot === 'kit' || c.before !== physicistId) return [];
    const job = now.get(c.job_id);
    return [
      {
        job_id: c.job_id,
        customer: job?.customer ?? '',
        slot: c.slot,
        to: job?.[c.slot]?.name ?? null,
      },
    ];
  });
}

/** Reading, applying and discarding proposals (what-if and preview results). */
export class ProposalsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly proposals: ProposalsRepository,
    private readonly jobs: JobsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly recorder: RunRecorder,
    private readonly leave: AvailabilityRepository,
    private readonly changeNotices: PlanChangeNotices,
    private readonly repairs: RepairAppliedListener,
  ) {}

  /** One ready or decided proposal; 404 when unknown or failed, 409 while its task still works. */
  async get(id: number): Promise<Proposal> {
    return toProposal(await this.readable(id, this.db));
  }

  /**
   * Applies a ready proposal in one transaction, every job row-locked first:
   * 409 when the plan (jobs, slots, pins, roster, leave, kits) changed since
   * it was made, naming the jobs whose slots moved, or when it was already
   * decided. A locked slot the proposal changes is unlocked: the repair, not
   * a person, chose its new holder. The write is recorded as a run (kind
   * proposal) in the same transaction, so it is listed with its changes and
   * can be undone like any run. A preview's run also records the preview's
   * search (seed, limits, recipe; migration 0016), a what-if's run its
   * repair's input (the plan before, the absence, weights, node counts and
   * fingerprint; migration 0018), so either can be replayed.
   *
   * A physicist's what-if also records their absence as leave (the days of
   * it not already on leave), in the same transaction and tied to the run,
   * so no later run or manual assignment puts them straight back, and an
   * undo of the run removes it. A kit's absence cannot be recorded: the
   * model gives a kit only an undated out-for-maintenance flag.
   */
  async apply(id: number, user: AuthUser): Promise<AppliedProposal> {
    const weights = WeightsSchema.parse(await this.settings.getWeights());
    const started = performance.now();
    let wake: () => Promise<void> = () => Promise.resolve();
    let wakeCover: () => Promise<void> = () => Promise.resolve();
    const recorded = await this.db.transaction().execute(async (trx) => {
      const row = await this.decidable(id, trx);
      await this.leave.lockForRecording(trx);
      // Leave, jobs and physicists locked as an optimisation's write locks them: nothing
      // committed between this re-read and the write can slip past the fingerprint.
      await this.jobs.lockForPlanWrite(trx);
      const stored = row.search === null ? null : (row.search as PreviewSearch);
      // A what-if may change published jobs (an absence there must be covered); a preview, what its run could.
      const built = await this.builder.build(trx, weights, {
        scope: stored?.planning?.scope ?? 'published',
      });
      const changes = row.changes as ProposalResult['changes'];
      if (planFingerprint(built) !== row.plan_fingerprint) {
        const moved = changes
          .filter((c) => {
            const job = built.jobs.get(String(c.job_id));
            return !job || slotOf(job, c.slot) !== c.before;
          })
          .map((c) => c.job_id);
        const which = moved.length > 0 ? ` (jobs ${[...new Set(moved)].join(', ')})` : '';
        throw conflict(
          `The plan changed since proposal ${id} was made${which}; nothing was applied, ask again`,
        );
      }
      const before = await this.jobs.planSlots(trx);
      const date = new Date().toISOString().slice(0, 10);
      const label = proposalLabel(
        row.source,
        row.absence as StoredAbsence | null,
        row.algorithm,
        date,
      );
      const reasons = proposalReasons(built, changes, label);
      await this.jobs.writeSlotChanges(
        changes.map((c) => ({
          id: c.job_id,
          slot: c.slot,
          value: c.after,
          unpin: c.locked,
          reason: reasons.get(c.job_id),
        })),
        trx,
      );
      const after = await this.jobs.planSlots(trx);
      // F's parts on the stored plan (the absence is not leave yet), as every run records them.
      const { id: runId } = await this.recorder.recordWrite(
        trx,
        {
          kind: 'proposal',
          taskId: row.task_id,
          algorithm: row.algorithm,
          weights,
          instance: built.instance,
          // A preview's run replays from where its search started.
          planning: stored?.planning ?? built.planning,
          startOf: startsOf(built),
          restoredRunId: null,
          createdBy: user.id,
          startedMs: started,
          ...(stored === null ? {} : { search: stored }),
          ...(row.repair === null ? {} : { repair: row.repair as RepairInput }),
        },
        before,
        after,
      );
      await this.proposals.decide(id, 'applied', trx);
      wake = await this.changeNotices.tell(trx);
      const absence = row.absence as StoredAbsence | null;
      if (absence?.kind !== 'physicist') return [];
      wakeCover = await this.repairs.applied(trx, id, handedOver(absence.id, changes, after));
      // The roster is unchanged since the proposal (the fingerprint says so): today's name.
      const name = built.physicists.get(String(absence.id))?.name ?? absence.name;
      const already = await this.leave.overlapping(name, absence.start, absence.end, trx);
      const gaps = uncoveredRanges(absence.start, absence.end, already);
      return this.leave.insertRecorded(
        gaps.map((g) => ({ physicist_name: name, start_date: g.start, end_date: g.end })),
        runId,
        trx,
      );
    });
    await wake();
    await wakeCover();
    const proposal = await this.get(id);
    return {
      ...proposal,
      recorded_leave: recorded,
      message: appliedMessage(proposal, recorded),
    };
  }

  /** Discards a ready proposal (409 once decided). */
  async discard(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.decidable(id, trx);
      await this.proposals.decide(id, 'discarded', trx);
    });
  }

  private async readable(id: number, db: Kysely<DB>, forUpdate = false): Promise<ProposalRow> {
    const row = await this.proposals.find(id, db, forUpdate);
    if (!row || row.status === 'failed') throw notFound(`Proposal ${id} not found`);
    if (row.status === 'pending')
      throw conflict(`Proposal ${id} is not ready yet: its task is still working`);
    return row;
  }

  private async decidable(id: number, trx: Kysely<DB>): Promise<ProposalRow> {
    const row = await this.readable(id, trx, true);
    if (row.status !== 'ready') throw conflict(`Proposal ${id} was already ${row.status}`);
    return row;
  }
}

type SlotName = ProposalResult['changes'][number]['slot'];

const slotOf = (
  job: {
    assigned_lead_id: number | null;
    assigned_data_acq_id: number | null;
    assigned_kit_id: number | null;
  },
  slot: SlotName,
): number | null =>
  slot === 'lead'
    ? job.assigned_lead_id
    : slot === 'data_acq'
      ? job.assigned_data_acq_id
      : job.assigned_kit_id;

const days = (start: string, end: string) => (start === end ? start : `${start} to ${end}`);

/** What an apply did, in one sentence for the toast: the slots, and what became of the absence. */
export function appliedMessage(proposal: Proposal, recorded: readonly Unavailability[]): string {
  const n = proposal.changes.length;
  const head = `Proposal applied: ${n} slot${n === 1 ? '' : 's'} changed.`;
  const absence = proposal.absence;
  if (absence === null) return head;
  const when = days(absence.start, absence.end);
  if (absence.kit_id !== null)
    return `${head} ${absence.name}'s absence ${when} is not recorded: a kit has only an out-for-maintenance flag, without dates, so the next kit assignment may give it jobs in those days again.`;
  if (recorded.length === 0)
    return `${head} ${absence.name} was already on leave for all of ${when}.`;
  const spans = recorded.map((r) => days(r.start_date, r.end_date)).join(', ');
  return `${head} ${absence.name}'s leave is recorded for ${spans}, so no run or manual assignment puts them back.`;
}

/** The wire form of a stored proposal. */
function toProposal(row: ProposalRow): Proposal {
  const absence = row.absence as StoredAbsence | null;
  return {
    id: row.id,
    source: row.source,
    status: row.status as Proposal['status'],
    absence:
      absence === null
        ? null
        : {
            physicist_id: absence.kind === 'physicist' ? absence.id : null,
            kit_id: absence.kind === 'kit' ? absence.id : null,
            name: absence.name,
            start: absence.start,
            end: absence.end,
          },
    algorithm: row.algorithm,
    changes: row.changes as Proposal['changes'],
    objective_before: StoredObjectiveSchema.parse(row.objective_before),
    objective_after: StoredObjectiveSchema.parse(row.objective_after),
    unfilled: row.unfilled as Proposal['unfilled'],
    exact: row.exact,
    created_at: row.created_at.toISOString(),
  };
}
