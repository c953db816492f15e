-- Plan revisions (issue 11, item 2): every write of a whole plan (an
-- optimisation run, a kit assignment, a restore) is a recorded run with what
-- it read (an input fingerprint), how it ran (time limit, iteration cap and
-- the iterations each method ran), F's parts before and after, and one
-- run_changes row per slot it changed, so it can be compared, undone and
-- replayed. Runs on PostgreSQL 15 and PGlite.
alter table optimization_runs
  add column kind text not null default 'optimization',
  add column input_fingerprint text,
  add column objective_before jsonb,
  add column time_limit_ms integer,
  add column max_iterations integer,
  add column iterations jsonb,
  add column changed_slots integer not null default 0,
  add column restored_run_id integer references optimization_runs (id) on delete set null,
  -- [job id, reason before, reason after] of every job whose reason text the
  -- run rewrote, so an undo puts back the explanations too (not only slots).
  add column reasons jsonb not null default '[]';
-- A restore or a kit assignment has no optimiser algorithm or seed.
alter table optimization_runs alter column algorithm drop not null;
alter table optimization_runs alter column seed drop not null;

-- One row per slot a run changed. No foreign keys to jobs, physicists or
-- kits: the history outlives a deleted job or person (a restore then names
-- the job as a conflict), and the names are kept as they were shown.
create table run_changes (
  run_id integer not null references optimization_runs (id) on delete cascade,
  job_id integer not null,
  slot text not null check (slot in ('lead', 'data_acq', 'kit')),
  before_id integer,
  before_name text,
  after_id integer,
  after_name text,
  primary key (run_id, job_id, slot)
);

-- The iteration cap a run was started with (null: the time limit alone).
alter table tasks add column max_iterations integer;
