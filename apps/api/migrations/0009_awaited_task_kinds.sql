-- Single algorithm runs and kit assignments become queued task kinds (the
-- request that starts one waits for a worker to finish it), so a worker on
-- another node may run them. Runs on PostgreSQL 15 and PGlite.
alter table tasks drop constraint tasks_type_check;
alter table tasks add constraint tasks_type_check
  check (type in ('optimization', 'comparison', 'single_run', 'kit_assignment'));

-- One queued or running single run per user (SECURITY.md: expensive
-- operations capped per user), as for optimisations and comparisons.
create unique index tasks_one_single_run_per_user on tasks (created_by)
  where type = 'single_run' and status in ('queued', 'running');

-- One queued or running kit assignment in all: a second would solve the same
-- schedule and race the first one's write.
create unique index tasks_one_kit_assignment on tasks (type)
  where type = 'kit_assignment' and status in ('queued', 'running');
