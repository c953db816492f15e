import type { TaskType } from '@meridian/contracts';
import type { PhysicistRole, Role } from '@meridian/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table users (migration 0001). */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  /** Random per-user key every session token carries; a new one revokes them all (migration 0008). */
  token_key: Generated<string>;
  created_at: ColumnType<Date, never, never>;
  /** The physicist this account belongs to, or null (migration 0011). */
  physicist_id: Generated<number | null>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;

/** Table app_settings: one JSON document per key (migration 0001). */
export interface AppSettingsTable {
  key: string;
  value: unknown;
}

/** Table zip_data: zip centroids loaded from the zip package at start (migration 0002). */
export interface ZipDataTable {
  zip_code: string;
  lat: number;
  lon: number;
  city: string;
  state: string;
}

/** Table physicists (migration 0002). */
export interface PhysicistsTable {
  id: Generated<number>;
  name: string;
  role: PhysicistRole;
  home_zip: string;
}

/** Table kits (migration 0002). */
export interface KitsTable {
  id: Generated<number>;
  name: string;
  current_location_zip: string;
  is_out_for_maintenance: Generated<boolean>;
  comments: Generated<string>;
}

/** Table unavailability (migration 0002); dates are read back as text with ::text. */
export interface UnavailabilityTable {
  id: Generated<number>;
  physicist_name: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  /** The applied what-if's run that recorded it (migration 0014); null when entered or uploaded. */
  recorded_by_run_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Table jobs (migration 0002): stored fields; duration, names and kit_location are derived on read. */
export interface JobsTable {
  id: Generated<number>;
  customer: Generated<string>;
  location: Generated<string>;
  zip_code: Generated<string>;
  package: Generated<string>;
  start_date: ColumnType<string | null, string | null | undefined, string | null>;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  reason: Generated<string>;
  version: Generated<number>;
  assigned_lead_id: number | null;
  assigned_lead_name: string | null;
  assigned_data_acq_id: number | null;
  assigned_data_acq_name: string | null;
  assigned_kit_id: number | null;
  assigned_kit_name: string | null;
  lead_pinned: Generated<boolean>;
  data_acq_pinned: Generated<boolean>;
  kit_pinned: Generated<boolean>;
  region: string | null;
}

/** Table tasks (migrations 0003, 0009): every queued kind of work (contracts TASK_KINDS). */
export interface TasksTable {
  id: string;
  type: TaskType;
  name: string;
  status: Generated<'queued' | 'running' | 'complete' | 'error' | 'cancelled'>;
  progress: Generated<number>;
  total: Generated<number>;
  message: Generated<string>;
  elapsed_time: Generated<number>;
  estimated_total_time: number | null;
  results: unknown;
  algorithm: string | null;
  algorithms: unknown;
  created_by: number | null;
  weights: unknown;
  seed: number;
  time_limit_ms: number;
  /** Iteration cap of an optimisation (migration 0009); null: the time limit alone. */
  max_iterations: ColumnType<number | null, number | null | undefined, number | null>;
  /** What an optimisation may change (migration 0020). */
  scope: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, never>;
  last_event_id: Generated<number>;
  events_closed: Generated<boolean>;
  heartbeat_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, never, never>;
  started_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Table task_events (migration 0003): the stream of each task, ids monotonic per task. */
export interface TaskEventsTable {
  task_id: string;
  id: number;
  data: unknown;
  created_at: ColumnType<Date, never, never>;
}

/** Table optimization_runs (migrations 0003, 0009): every recorded plan revision. */
export interface OptimizationRunsTable {
  id: Generated<number>;
  task_id: string | null;
  /** optimization, kit_assignment, restore (migration 0009). */
  kind: Generated<string>;
  algorithm: string | null;
  status: string;
  weights: unknown;
  seed: number | null;
  objective: unknown;
  bound: number | null;
  elapsed_ms: number;
  jobs_assigned: number;
  jobs_total: number;
  created_by: number | null;
  finished_at: ColumnType<Date, never, never>;
  input_fingerprint: string | null;
  objective_before: unknown;
  time_limit_ms: number | null;
  max_iterations: number | null;
  iterations: unknown;
  changed_slots: Generated<number>;
  restored_run_id: number | null;
  /** [job id, reason before, reason after] per job whose reason the run rewrote. */
  reasons: ColumnType<unknown, unknown, unknown>;
  /** The solver's replay recipe (migration 0015); null before it and for writes that are not solver runs. */
  replay: ColumnType<unknown, unknown, unknown>;
  /** Why the run cannot be reproduced from its recipe; null when it can (or has none). */
  replay_blocker: ColumnType<string | null, string | null | undefined, string | null>;
  /** Leave a restore removed, so undoing the restore records it again (migration 0017); null when none. */
  removed_leave: ColumnType<unknown, unknown, unknown>;
  /** An applied what-if's repair input, what replays it (migration 0018); null on every other run. */
  repair: ColumnType<unknown, unknown, unknown>;
  /** Where the run started: window, scope, plan before it (migration 0020); null before it. */
  planning: ColumnType<unknown, unknown, unknown>;
  /** What it did, in words and in counts (migration 0020); null before it. */
  headline: ColumnType<string | null, string | null | undefined, string | null>;
  summary: ColumnType<unknown, unknown, unknown>;
  scope: ColumnType<'draft' | 'published' | null, 'draft' | 'published' | null | undefined, never>;
  /** Why a correction changed a past job's record (migration 0020); null on other runs. */
  correction_reason: ColumnType<string | null, string | null | undefined, never>;
}

/** Table run_changes (migration 0009): one row per slot a recorded run changed. */
export interface RunChangesTable {
  run_id: number;
  job_id: number;
  slot: 'lead' | 'data_acq' | 'kit';
  before_id: number | null;
  before_name: string | null;
  after_id: number | null;
  after_name: string | null;
}

/** Table proposals (migration 0010): what-if and preview results waiting for apply or discard. */
export interface ProposalsTable {
  id: Generated<number>;
  task_id: string | null;
  source: 'what_if' | 'preview';
  status: Generated<'pending' | 'ready' | 'applied' | 'discarded' | 'failed'>;
  absence: unknown;
  algorithm: string | null;
  changes: Generated<unknown>;
  unfilled: Generated<unknown>;
  objective_before: unknown;
  objective_after: unknown;
  exact: boolean | null;
  plan_fingerprint: string | null;
  /** A preview's search, what replays it (migration 0016); null on what-ifs and older previews. */
  search: ColumnType<unknown, unknown, unknown>;
  /** A what-if's repair input, what replays it (migration 0018); null on previews and older what-ifs. */
  repair: ColumnType<unknown, unknown, unknown>;
  created_by: number | null;
  created_at: ColumnType<Date, never, never>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Table leave_requests: leave a linked physicist asked for, and its decision (migration 0021). */
export interface LeaveRequestsTable {
  id: Generated<number>;
  user_id: number;
  physicist_id: number;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  note: string;
  status: Generated<'pending' | 'approved' | 'declined' | 'withdrawn'>;
  created_at: ColumnType<Date, never, never>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decided_by: string | null;
  reason: Generated<string>;
  unavailability_id: number | null;
  task_id: string | null;
  proposal_id: number | null;
}

/** Table job_offers: a slot a linked physicist offers to colleagues (migration 0027). */
export interface JobOffersTable {
  id: Generated<number>;
  user_id: number;
  physicist_id: number;
  job_id: number;
  slot: 'lead' | 'data_acq';
  note: string;
  status: Generated<'open' | 'accepted' | 'approved' | 'declined' | 'withdrawn'>;
  created_at: ColumnType<Date, never, never>;
  taker_user_id: number | null;
  taker_physicist_id: number | null;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delta_total: number | null;
  delta_f: number | null;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  decided_by: string | null;
  is_auto_approved: Generated<boolean>;
  reason: Generated<string>;
  run_id: number | null;
}

/** Table job_offer_candidates: who could take an offered slot, ranked (migration 0027). */
export interface JobOfferCandidatesTable {
  offer_id: number;
  physicist_id: number;
  rank: number;
  miles: number | null;
  delta_total: number;
  delta_f: number;
}

/** Every table Kysely knows about; add yours here together with its migration. */
/** Change counters of the tables lists are served from (migration 0007). */
export interface DataVersionsTable {
  name: string;
  version: string;
}

/** Table calendar_feeds: the SHA-256 of each user's feed secret (migration 0011). */
export interface CalendarFeedsTable {
  user_id: number;
  secret_hash: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
  /** What the secret is re-derived from with the server's key (migration 0022); null on older feeds. */
  seed: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Table revoked_tokens: signed-out tokens by jti, until they would expire (migration 0022). */
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: Date;
}

/** Table notifications: messages to one user each (migration 0011). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  created_at: ColumnType<Date, never, never>;
  read: Generated<boolean>;
}

/** Table schedule_notices: the schedule each user was last told about (migration 0011). */
export interface ScheduleNoticesTable {
  user_id: number;
  snapshot: unknown;
  noticed_at: ColumnType<Date, Date | undefined, Date>;
}

/** Table plan_publications: each publish of the plan through a date (migration 0019). */
export interface PlanPublicationsTable {
  id: Generated<number>;
  through: ColumnType<string, string, string>;
  published_by: string;
  published_at: ColumnType<Date, Date | undefined, Date>;
  notified: ColumnType<number, number | undefined, number>;
}

/** Table published_notices: the published jobs each user was last told about (migration 0019). */
export interface PublishedNoticesTable {
  user_id: number;
  snapshot: unknown;
  noticed_at: ColumnType<Date, Date | undefined, Date>;
}

/** Table notice_settings: how each user hears of notices; no row means the defaults (migration 0024). */
export interface NoticeSettingsTable {
  user_id: number;
  email_on: Generated<boolean>;
  delivery: Generated<'immediate' | 'daily_digest'>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Delivery states of a notice's e-mail (migration 0024). */
export type MailDeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** Table mail_deliveries: one e-mail delivery record per notice, written by a trigger (migration 0024). */
export interface MailDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  user_id: number;
  state: Generated<MailDeliveryState>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Date | null;
  claimed_at: Date | null;
  sent_at: Date | null;
  sent_to: string | null;
  in_digest: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  /** Where this one goes instead of the user's address, at once whatever their settings (migration 0029). */
  to_address: string | null;
}

/** Table physicist_preferences: the days each physicist would rather not work (migration 0023). */
export interface PhysicistPreferencesTable {
  physicist_id: number;
  /** JSON arrays: 'YYYY-MM-DD' texts and ISO weekdays, sorted and unique. */
  avoid_dates: ColumnType<string[], string, string>;
  avoid_weekdays: ColumnType<number[], string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Table user_appearance: each user's own theme choice; no row means the organisation's (migration 0026). */
export interface UserAppearanceTable {
  user_id: number;
  theme_choice: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * Table rate_counters (migration 0025): the sign-in throttle's and the request
 * limits' fixed-window counters, shared by every API node. Times are ms since
 * 1970 (bigint; read back through ::float8).
 */
export interface RateCountersTable {
  key: string;
  hits: number;
  window_start: ColumnType<string, number, number>;
  locked_until: ColumnType<string, number, number>;
  expires_at: ColumnType<string, number, number>;
}

/** Table media_files: one uploaded background video or music file (migration 0028). */
export interface MediaFilesTable {
  id: ColumnType<number, never, never>;
  kind: 'background' | 'music';
  /** Null while the upload streams in. */
  name: string | null;
  content_type: Generated<string>;
  size_bytes: ColumnType<number, number | undefined, number>;
  sha256: string | null;
  chunk_bytes: number;
  complete: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
}

/** Table media_chunks: a media file's content, chunk_bytes at a time (migration 0028). */
export interface MediaChunksTable {
  media_id: ColumnType<number, number, never>;
  idx: number;
  data: Uint8Array;
}

export interface DB {
  users: UsersTable;
  app_settings: AppSettingsTable;
  zip_data: ZipDataTable;
  physicists: PhysicistsTable;
  kits: KitsTable;
  unavailability: UnavailabilityTable;
  jobs: JobsTable;
  tasks: TasksTable;
  task_events: TaskEventsTable;
  optimization_runs: OptimizationRunsTable;
  run_changes: RunChangesTable;
  data_versions: DataVersionsTable;
  calendar_feeds: CalendarFeedsTable;
  revoked_tokens: RevokedTokensTable;
  notifications: NotificationsTable;
  schedule_notices: ScheduleNoticesTable;
  proposals: ProposalsTable;
  plan_publications: PlanPublicationsTable;
  published_notices: PublishedNoticesTable;
  notice_settings: NoticeSettingsTable;
  mail_deliveries: MailDeliveriesTable;
  physicist_preferences: PhysicistPreferencesTable;
  user_appearance: UserAppearanceTable;
  leave_requests: LeaveRequestsTable;
  job_offers: JobOffersTable;
  job_offer_candidates: JobOfferCandidatesTable;
  rate_counters: RateCountersTable;
  media_files: MediaFilesTable;
  media_chunks: MediaChunksTable;
}
