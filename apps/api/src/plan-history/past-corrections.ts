import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { CorrectionWriter, PastCorrectionRecorder } from '../services/assignments.service';
import type { InstanceBuilder } from '../services/instance-builder';
import type { SettingsService } from '../services/settings.service';
import type { RunRecorder } from './run-recorder';
import { startsOf } from './plan-summary';

/**
 * A manual edit of a past job's record (the past is frozen to every run, but
 * a record may be wrong): written with the plan locked and recorded as a run
 * of kind 'correction' with its reason, so the history says who changed what
 * happened, and why.
 */
export class PastCorrections implements PastCorrectionRecorder {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly recorder: RunRecorder,
  ) {}

  /** Reads the weights (outside any transaction: the embedded database has one session). */
  async prepare(): Promise<CorrectionWriter> {
    const weights = await this.settings.getWeights();
    return async (trx: Kysely<DB>, createdBy: number, reason: string, write, headline) => {
      const started = performance.now();
      await this.jobs.lockForPlanWrite(trx);
      const before = await this.jobs.planSlots(trx);
      const built = await this.builder.build(trx, weights, { scope: 'published' });
      await write();
      const after = await this.jobs.planSlots(trx);
      const rebuilt = await this.builder.build(trx, weights, { scope: 'published' });
      await this.recorder.recordWrite(
        trx,
        {
          kind: 'correction',
          taskId: null,
          algorithm: null,
          weights,
          instance: built.instance,
          instanceAfter: rebuilt.instance,
          planning: built.planning,
          startOf: startsOf(built),
          restoredRunId: null,
          createdBy,
          startedMs: started,
          correctionReason: reason,
          ...(headline === undefined ? {} : { headline }),
        },
        before,
        after,
      );
    };
  }
}
