-- What-if proposals (issue 11): a change to the plan that nobody has applied
-- yet, made by a what-if task (an absence) or by a preview run
-- (POST /optimize/assign?apply=false). Runs on PostgreSQL 15 and PGlite.

-- The what_if task kind.
alter table tasks drop constraint if exists tasks_type_check;
alter table tasks add constraint tasks_type_check
  check (type in ('optimization', 'comparison', 'single_run', 'kit_assignment', 'what_if'));
-- One queued or running what-if per user, as 0005 does for optimisations.
create unique index tasks_one_what_if_per_user on tasks (created_by)
  where type = 'what_if' and status in ('queued', 'running');

create table proposals (
  id integer generated always as identity primary key,
  -- The task that makes it; a preview run's proposal row exists from the start
  -- so the run knows not to apply.
  task_id text unique references tasks (id) on delete set null,
  source text not null check (source in ('what_if', 'preview')),
  -- pending: its task is still working; ready: waiting for apply or discard.
  status text not null default 'pending'
    check (status in ('pending', 'ready', 'applied', 'discarded', 'failed')),
  -- What the what-if supposes: { kind, id, name, start, end }; null for a preview.
  absence jsonb,
  algorithm text,
  -- [{ job_id, slot, before, after, locked }] and [{ job_id, slot }].
  changes jsonb not null default '[]',
  unfilled jsonb not null default '[]',
  objective_before jsonb,
  objective_after jsonb,
  -- Whether the repair search finished (proven smallest); null for a preview.
  exact boolean,
  -- A hash of the jobs, their slots and pins, the roster, leave and kits the
  -- proposal was made from: apply answers 409 when it no longer matches.
  plan_fingerprint text,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index proposals_created_idx on proposals (created_at desc, id desc);
