-- Accounts and application settings. Runs on PostgreSQL 15 and PGlite.
create table users (
  id integer generated always as identity primary key,
  username text not null,
  email text not null,
  password_hash text not null,
  role text not null default 'regular' check (role in ('regular', 'manager', 'admin')),
  token_version integer not null default 0,
  created_at timestamptz not null default now()
);

-- Case-insensitive uniqueness: "Alice" and "alice" are the same account.
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email));

create table app_settings (
  key text primary key,
  value jsonb not null
);
