-- Planning over time (docs/optimization.md, "Planning over time").
-- tasks.scope: what an optimisation may change, 'draft' (only jobs not yet
-- published, the default) or 'published' (published ones too); past jobs
-- never change. optimization_runs.planning: where a run started (the
-- window, its scope and each job's lead and data-acq before it), so its
-- replay reads that start again; headline and summary say what it did, in
-- words and in counts. Null on runs recorded before this migration.
-- correction_reason: why a manual edit changed a past job's record (a run
-- of kind 'correction'); null on every other run. Runs on PostgreSQL 15 and
-- PGlite.
alter table tasks
  add column scope text not null default 'draft' check (scope in ('draft', 'published'));
alter table optimization_runs
  add column planning jsonb;
alter table optimization_runs
  add column headline text;
alter table optimization_runs
  add column summary jsonb;
alter table optimization_runs
  add column scope text check (scope in ('draft', 'published'));
alter table optimization_runs
  add column correction_reason text;
