-- Issue 21 part 3: the days a physicist would rather not work (soft: the
-- optimiser's preference term P, docs/optimization.md). One row per
-- physicist who stated any; dates as 'YYYY-MM-DD' texts and ISO weekdays
-- (1 Monday .. 7 Sunday), each a JSON array kept sorted and unique by the
-- service. A change counter (migration 0007) lets a run's apply see that
-- preferences moved since its instance was read. Runs on PostgreSQL 15 and
-- PGlite.
create table physicist_preferences (
  physicist_id integer primary key references physicists (id) on delete cascade,
  avoid_dates jsonb not null default '[]' check (jsonb_typeof(avoid_dates) = 'array'),
  avoid_weekdays jsonb not null default '[]' check (jsonb_typeof(avoid_weekdays) = 'array'),
  updated_at timestamptz not null default now()
);

insert into data_versions (name) values ('physicist_preferences') on conflict do nothing;

create trigger physicist_preferences_data_version
  after insert or update or delete or truncate on physicist_preferences
  for each statement execute function bump_data_version();
