import type { ReplayResult, Run } from '@meridian/contracts';
import { evaluateObjective, WeightsSchema, type Objective } from '@meridian/domain';
import { planRepair, RepairInputError } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, conflict } from '../http/http-error';
import type { RunsRepository } from './runs.repository';
import type { InstanceBuilder } from '../services/instance-builder';
import { recordedAssignments, repairInputFingerprint, withRecordedPins } from './repair-input';
import type { SettingsService } from '../services/settings.service';

/** Same F to a relative 1e-6, as an optimisation's replay compares it. */
const sameF = (a: Objective, b: Objective) =>
  Math.abs(a.total - b.total) <= 1e-6 * Math.max(1, Math.abs(a.total));

/** Whether a run applied a what-if (a proposal without an algorithm: a repair, not a search). */
export const isAppliedWhatIf = (run: Run): boolean =>
  run.kind === 'proposal' && run.algorithm === null;

/**
 * Replay of an applied what-if: reruns the repair (the optimizer's
 * planRepair) on the plan before it, as recorded with the proposal
 * (migration 0018), with today's jobs, roster, leave and kits, the recorded
 * absence, weights and node limit. The search is bounded by nodes, never by
 * the clock, so whenever the input fingerprint matches it must visit the
 * same nodes and reach the same F. Today's leave is read without the leave
 * the apply itself recorded for the absence: that is the repair's output,
 * not its input. F is measured as the run measured it: the evaluator on the
 * plan after, without the absence as leave, with the run's weights.
 */
export class RepairReplay {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly runs: RunsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
  ) {}

  async replay(run: Run): Promise<ReplayResult> {
    const id = run.id;
    const input = await this.runs.repairOf(id);
    if (input === null) {
      throw badRequest(
        `Run ${id} applied a what-if made before what-ifs kept their repair's input (the plan before it, the absence and the search's node counts); it cannot be replayed`,
      );
    }
    const planning = await this.runs.planningOf(id);
    const built = await this.builder.build(this.db, await this.settings.getWeights(), {
      leaveNotRecordedBy: id,
      ...(planning === null ? {} : { planning }),
    });
    const instance = withRecordedPins(built.instance, input.plan);
    const fingerprintMatches =
      repairInputFingerprint(instance, input.plan) === input.inputFingerprint;
    const began = performance.now();
    let repair;
    try {
      repair = planRepair(
        { ...instance, weights: WeightsSchema.parse(input.weights) },
        recordedAssignments(input.plan),
        input.absence,
        { maxNodes: input.maxNodes },
      );
    } catch (error) {
      if (!(error instanceof RepairInputError)) throw error;
      throw conflict(
        `The data changed since run ${id} so far that its repair cannot run again: ${error.message}`,
      );
    }
    const elapsedMs = performance.now() - began;
    const recorded = run.objective_after;
    const replayed = evaluateObjective(
      instance,
      repair.assignments,
      WeightsSchema.parse(run.weights),
    );
    const sameWork = repair.nodes === input.nodes && repair.exact === input.exact;
    const reproduced = sameF(recorded, replayed) && sameWork;
    const f = (o: Objective) => o.total.toFixed(4);
    const n = (count: number) => count.toLocaleString('en-US');
    const how = `the recorded plan before it, held to ${n(input.maxNodes)} search nodes,`;
    let message: string;
    if (!fingerprintMatches) {
      message = `The jobs, roster, leave, kits or weights changed since the what-if of run ${id} was made (its input fingerprint no longer matches), so this rerun of its repair on today's data is not a reproduction: F = ${f(replayed)} against ${f(recorded)} recorded.`;
    } else if (reproduced) {
      message = `Reproduced: the repair on ${how} visits the same ${n(repair.nodes)} nodes and gives F = ${f(replayed)} again.`;
    } else {
      message = `Not reproduced: the repair on ${how} visited ${n(repair.nodes)} nodes (${n(input.nodes)} recorded) and gave F = ${f(replayed)}, the run recorded ${f(recorded)}. The input is the same, so this is a bug.`;
    }
    return {
      run_id: id,
      fingerprint_matches: fingerprintMatches,
      reproduced: fingerprintMatches && reproduced,
      // Bounded by nodes, not the clock: the same input must give the same repair.
      deterministic: true,
      objective_recorded: recorded,
      objective_replayed: replayed,
      seed: null,
      max_iterations: input.maxNodes,
      elapsed_ms: elapsedMs,
      message,
    };
  }
}
