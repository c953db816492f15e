-- Issue 21: leave a linked physicist asks for, and a manager's decision on it.
-- Runs on PostgreSQL 15 and PGlite.
--
-- The asking account and its physicist are both kept: the account hears of
-- the decision, the physicist is who is away (a later relink does not move
-- a request to someone else). Deleting either deletes the request.
create table leave_requests (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  physicist_id integer not null references physicists (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  note text not null default '',
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'declined', 'withdrawn')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  -- The manager's username: kept as text so the history survives their account.
  decided_by text,
  reason text not null default '',
  -- What an approval made: the leave record, and the what-if whose proposal repairs the plan.
  unavailability_id integer references unavailability (id) on delete set null,
  task_id text references tasks (id) on delete set null,
  proposal_id integer references proposals (id) on delete set null,
  check (end_date >= start_date)
);
create index leave_requests_user_idx on leave_requests (user_id, id desc);
-- The inbox and the badge read the pending ones first.
create index leave_requests_pending_idx on leave_requests (id) where status = 'pending';
