-- Replayable previews (issue 11, item 2): what reproduces a preview run's
-- search, kept with its proposal until the proposal is applied, when the run
-- the apply records takes it over. One jsonb object: algorithm, solver
-- status, seed, weights, time limit, iteration cap, iterations per method,
-- the solver's replay recipe and why it cannot reproduce (if it cannot), and
-- the input fingerprint of what the search read. Null on what-if proposals
-- (a repair, not a search) and on previews made before this migration.
-- Runs on PostgreSQL 15 and PGlite.
alter table proposals
  add column search jsonb;
