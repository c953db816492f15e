/** A job as the kit path cover sees it; `kit_id` non-null is a pinned kit. */
export interface KitCoverJob {
  readonly id: string;
  /** YYYY-MM-DD, inclusive. */
  readonly start: string;
  /** YYYY-MM-DD, inclusive. */
  readonly end: string;
  /** null: no usable coordinates (never assigned, reported). */
  readonly lat: number | null;
  readonly lon: number | null;
  /** Reported as a later job's `kit_location` when the kit travels on from here. */
  readonly zip?: string | null;
  readonly kit_id?: string | null;
}

/** A kit with its current location. */
export interface KitCoverKit {
  readonly id: string;
  readonly lat: number;
  readonly lon: number;
  /** Reported as the first job's `kit_location`. */
  readonly zip?: string | null;
  readonly is_out_for_maintenance: boolean;
}

/** Where a kit comes from to reach a job: its current location or a previous job. */
export interface KitOrigin {
  readonly kind: 'kit' | 'job';
  /** The kit id (kind 'kit') or the previous job's id (kind 'job'). */
  readonly id: string;
  readonly zip: string | null;
  readonly lat: number;
  readonly lon: number;
}

/** One job's kit in the cover. */
export interface KitCoverAssignment {
  readonly job_id: string;
  readonly kit_id: string;
  /** The zip the kit travels from (the job's kit_location in the API). */
  readonly kit_location: string | null;
  readonly from: KitOrigin;
  /** Miles from `from` to this job. */
  readonly miles: number;
  readonly pinned: boolean;
}

export type UncoveredReason =
  | 'no_coordinates'
  | 'no_kit_free'
  | 'pinned_kit_unknown'
  | 'pinned_kit_in_maintenance'
  | 'pinned_kit_overlap';

/** A job without a kit, and why. Pinned-but-conflicting jobs keep their kit and are reported here too. */
export interface KitCoverIssue {
  readonly job_id: string;
  readonly reason: UncoveredReason;
}

/** The result of POST /api/v1/kits/assign's solver. */
export interface KitCoverResult {
  /**
   * 'optimal': proven minimum (most jobs covered, then fewest miles).
   * 'feasible': a valid cover not proven optimal (pinned kits' routes were
   * completed by parts, see notes); `bound` says how far from the best it can be.
   */
  readonly status: 'optimal' | 'feasible';
  readonly assignments: readonly KitCoverAssignment[];
  readonly total_miles: number;
  readonly covered: number;
  /**
   * A bound on every cover: none covers more than `covered` jobs, and one
   * that covers that many travels at least `miles`. Equal to the answer's
   * covered and total_miles when the status is 'optimal'.
   */
  readonly bound: { readonly covered: number; readonly miles: number };
  readonly uncovered: readonly KitCoverIssue[];
  /** Pinned assignments kept although they break a rule (reported, never changed). */
  readonly conflicts: readonly KitCoverIssue[];
  readonly notes: readonly string[];
  readonly elapsed_ms: number;
}
