import type { Role } from '@meridian/domain';
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

/** Every table Kysely knows about; add yours here together with its migration. */
export interface DB {
  users: UsersTable;
  app_settings: AppSettingsTable;
}
