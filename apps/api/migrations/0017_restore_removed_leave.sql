-- Undoing a restore puts back the leave that restore removed (issue 11).
-- Restoring an applied what-if deletes the leave the what-if recorded; the
-- restore's own run keeps those rows here ([{ physicist_name, start_date,
-- end_date }]), so undoing the restore records them again. Null on every
-- run that removed no leave. Runs on PostgreSQL 15 and PGlite.
alter table optimization_runs
  add column removed_leave jsonb;
