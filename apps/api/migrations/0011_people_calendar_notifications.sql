-- Issue 10 items 3 to 5: accounts linked to physicists, private calendar
-- feeds and notifications. Runs on PostgreSQL 15 and PGlite.

-- One account per physicist; deleting the physicist unlinks the account.
alter table users
  add column physicist_id integer references physicists (id) on delete set null;
create unique index users_physicist_key on users (physicist_id);

-- A user's calendar feed: only the SHA-256 of its secret is kept, so a copy
-- of the database does not hand out working feed URLs. One feed per user;
-- rotating replaces the row, revoking deletes it.
create table calendar_feeds (
  user_id integer primary key references users (id) on delete cascade,
  secret_hash text not null unique,
  created_at timestamptz not null default now()
);

create table notifications (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  message text not null,
  created_at timestamptz not null default now(),
  read boolean not null default false
);
create index notifications_user_idx on notifications (user_id, id desc);

-- What each linked user was last told about their assignments ("notify
-- affected" compares the current schedule with this and then replaces it).
create table schedule_notices (
  user_id integer primary key references users (id) on delete cascade,
  snapshot jsonb not null,
  noticed_at timestamptz not null default now()
);
