import type { PhysicistRole, Role } from '@meridian/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table users (migration 0001). */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  token_version: Generated<number>;
  created_at: ColumnType<Date, never, never>;
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

/** Every table Kysely knows about; add yours here together with its migration. */
export interface DB {
  users: UsersTable;
  app_settings: AppSettingsTable;
  zip_data: ZipDataTable;
  physicists: PhysicistsTable;
  kits: KitsTable;
  unavailability: UnavailabilityTable;
  jobs: JobsTable;
}
