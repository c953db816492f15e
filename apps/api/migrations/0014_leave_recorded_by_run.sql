-- An applied what-if records the absence it supposed as leave (issue 11), so
-- the next run or a manual assignment cannot put the physicist straight back.
-- The leave row names the run that recorded it: undoing that run removes it
-- with the slots. Leave entered by hand or uploaded has no run. Runs on
-- PostgreSQL 15 and PGlite.
alter table unavailability
  add column recorded_by_run_id integer references optimization_runs (id) on delete set null;
create index unavailability_recorded_by_run_idx on unavailability (recorded_by_run_id)
  where recorded_by_run_id is not null;
