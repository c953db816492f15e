import type { IsoDate, JobAssignment, Objective } from '@meridian/domain';

/** A slot of a job: its lead, its data-acquisition physicist or its kit. */
export type RepairSlotName = 'lead' | 'data_acq' | 'kit';

/** Who is supposed to be out, and when (inclusive dates). */
export type Absence =
  | { kind: 'physicist'; id: string; start: IsoDate; end: IsoDate }
  | { kind: 'kit'; id: string; start: IsoDate; end: IsoDate };

/** One slot the repair changes; `locked` says it was pinned, which is broken only when nothing else works. */
export interface RepairChange {
  job_id: string;
  slot: RepairSlotName;
  before: string | null;
  after: string | null;
  locked: boolean;
}

/** A slot the repair leaves empty because nobody (no kit) can take it. */
export interface UnfilledSlot {
  job_id: string;
  slot: RepairSlotName;
}

/** Bounds on the search. */
export interface RepairOptions {
  /** Search nodes before the search stops with the best repair so far (`exact: false`). */
  maxNodes?: number;
}

/**
 * The smallest repair: fewest unfilled slots, then fewest locked slots broken,
 * then fewest changed slots, then the lowest F. Both objectives are the domain
 * evaluator's, on the instance with the absence added.
 */
export interface RepairResult {
  changes: RepairChange[];
  unfilled: UnfilledSlot[];
  objective_before: Objective;
  objective_after: Objective;
  /** The whole plan after the repair, one row per job of the instance. */
  assignments: JobAssignment[];
  /** Locked slots the repair breaks (also flagged on their changes). */
  locked_changes: number;
  /** True when the search finished: the repair is proven smallest. */
  exact: boolean;
  /** Search nodes visited. */
  nodes: number;
}
