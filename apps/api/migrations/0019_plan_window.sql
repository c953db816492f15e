-- The planning window (docs/optimization.md, "Planning over time"): each
-- publish of the plan through a date, newest last. The plan is published
-- through the latest row's date; no row means nothing is published yet.
create table plan_publications (
  id serial primary key,
  through date not null,
  published_by text not null,
  published_at timestamptz not null default now(),
  notified integer not null default 0
);

-- A publish changes every job's phase: the job list's version counts it.
insert into data_versions (name) values ('plan_publications');
create trigger plan_publications_data_version after insert or update or delete or truncate on plan_publications
  for each statement execute function bump_data_version();

-- What each linked user was last told of their published jobs (the same
-- snapshot shape as schedule_notices), so a publish tells only what is new
-- or changed since, and a change to a published job is told once.
create table published_notices (
  user_id integer primary key references users (id) on delete cascade,
  snapshot jsonb not null,
  noticed_at timestamptz not null default now()
);
