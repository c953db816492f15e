-- Replayable runs (issue 11, item 2): what reproduces a recorded optimisation
-- run besides its seed, weights and input. `replay` is the solver's recipe
-- (stats.replay: the schedule's knots and the iterations each method ran, per
-- portfolio epoch and member); `replay_blocker` says why the run cannot be
-- reproduced from it (a clock-bound method, a step cut short by the time
-- limit), null when it can. Both null on runs recorded before this migration
-- and on writes that are not solver runs. Runs on PostgreSQL 15 and PGlite.
alter table optimization_runs
  add column replay jsonb,
  add column replay_blocker text;
