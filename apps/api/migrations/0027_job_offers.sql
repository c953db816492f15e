-- Issue 21 part 2: swaps and covers. A linked physicist offers one of their
-- future slots; the colleagues who could take it under every hard rule are
-- listed (ranked by the exact change of F); one of them accepts; a manager
-- (or, when the change is small enough, the automatic approval) decides.
-- Runs on PostgreSQL 15 and PGlite.
--
-- The ids come from leave requests' sequence, so one id names one request in
-- the managers' inbox (/requests/{id}/approve) whatever its kind.
create table job_offers (
  id integer primary key default nextval('leave_requests_id_seq'),
  -- The offering account and its physicist: the account hears of the
  -- outcome, the physicist is who gives the slot away.
  user_id integer not null references users (id) on delete cascade,
  physicist_id integer not null references physicists (id) on delete cascade,
  job_id integer not null references jobs (id) on delete cascade,
  slot text not null check (slot in ('lead', 'data_acq')),
  note text not null default '',
  -- open: waiting for a taker; accepted: waiting for a manager; then
  -- approved or declined, or withdrawn by its owner before a decision.
  status text not null default 'open'
    check (status in ('open', 'accepted', 'approved', 'declined', 'withdrawn')),
  created_at timestamptz not null default now(),
  taker_user_id integer references users (id) on delete set null,
  taker_physicist_id integer references physicists (id) on delete cascade,
  accepted_at timestamptz,
  -- F's change (total, and F without the stability term) when it was accepted.
  delta_total double precision,
  delta_f double precision,
  decided_at timestamptz,
  -- The manager's username (text, so the history survives their account); null
  -- for an automatic approval or a withdrawal.
  decided_by text,
  is_auto_approved boolean not null default false,
  reason text not null default '',
  -- The recorded run an approval wrote.
  run_id integer references optimization_runs (id) on delete set null
);
create index job_offers_user_idx on job_offers (user_id, id desc);
create index job_offers_open_idx on job_offers (id) where status in ('open', 'accepted');

-- Who could take an offered slot when it was offered, in the explanation's
-- order (rank 1 = the smallest change of F): they are told, see the offer
-- on their My schedule, and only they may accept it.
create table job_offer_candidates (
  offer_id integer not null references job_offers (id) on delete cascade,
  physicist_id integer not null references physicists (id) on delete cascade,
  rank integer not null,
  miles double precision,
  delta_total double precision not null,
  delta_f double precision not null,
  primary key (offer_id, physicist_id)
);
create index job_offer_candidates_physicist_idx on job_offer_candidates (physicist_id);
