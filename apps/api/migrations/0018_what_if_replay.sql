-- Replayable what-ifs (issue 11, item 2): the repair's whole input, recorded
-- when the what-if is computed and taken over by the run its apply records.
-- One jsonb object: the plan before the repair (every dated job's three
-- slots and which were pinned), the absence (physicist or kit, start, end),
-- the weights, the search's node limit and the nodes it visited, whether it
-- finished, and an input fingerprint over jobs, roster, leave, kits, weights
-- and that plan. Null on previews, on what-ifs made before this migration
-- and on every other run. Runs on PostgreSQL 15 and PGlite.
alter table proposals
  add column repair jsonb;
alter table optimization_runs
  add column repair jsonb;
