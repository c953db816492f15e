-- Optimisation and comparison tasks, their stream events and the record of
-- completed runs. Runs on PostgreSQL 15 and PGlite.

create table tasks (
  -- A random UUID made by the server; never guessable from another task's id.
  id text primary key,
  type text not null check (type in ('optimization', 'comparison')),
  name text not null,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'complete', 'error', 'cancelled')),
  progress double precision not null default 0,
  total double precision not null default 1,
  message text not null default '',
  elapsed_time double precision not null default 0,
  estimated_total_time double precision,
  results jsonb,
  algorithm text,
  -- Comparisons run several algorithms; null for an optimisation.
  algorithms jsonb,
  created_by integer references users (id) on delete set null,
  weights jsonb not null,
  seed integer not null,
  time_limit_ms integer not null,
  -- Last event id handed out; events are numbered 1, 2, 3 ... per task.
  last_event_id integer not null default 0,
  -- Set with the final event (complete, error or cancelled): nothing is appended after it.
  events_closed boolean not null default false,
  -- Refreshed by the process running the task; a stale one means that process died.
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index tasks_status_idx on tasks (status) where status in ('queued', 'running');
-- One running comparison per user (SECURITY.md: expensive operations capped per user).
create unique index tasks_one_comparison_per_user on tasks (created_by)
  where type = 'comparison' and status in ('queued', 'running');

create table task_events (
  task_id text not null references tasks (id) on delete cascade,
  id integer not null,
  data jsonb not null,
  created_at timestamptz not null default now(),
  primary key (task_id, id)
);

-- Every completed optimisation run (analytics last_run, audit of what changed assignments).
create table optimization_runs (
  id integer generated always as identity primary key,
  task_id text references tasks (id) on delete set null,
  algorithm text not null,
  status text not null,
  weights jsonb not null,
  seed integer not null,
  objective jsonb not null,
  bound double precision,
  elapsed_ms integer not null,
  jobs_assigned integer not null,
  jobs_total integer not null,
  created_by integer references users (id) on delete set null,
  finished_at timestamptz not null default now()
);
create index optimization_runs_finished_idx on optimization_runs (finished_at desc, id desc);

-- The zip a job's kit travels from (OPTIMIZATION.md): written by kit assignment.
alter table jobs add column kit_location text;
