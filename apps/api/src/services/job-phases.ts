import type { JobRecord, PlainJobRecord } from '@meridian/contracts';
import { jobPhase, type PlanWindow } from '@meridian/domain';

/** Job records with their phase in the planning window (past, published, draft). */
export const withPhases = (jobs: readonly PlainJobRecord[], window: PlanWindow): JobRecord[] =>
  jobs.map((job) => ({ ...job, phase: jobPhase(job.start, window) }));
