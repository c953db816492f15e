-- Issue 21 part 4, notices that reach people: each user's notice settings
-- and one e-mail delivery record per notice. Runs on PostgreSQL 15 and PGlite.

-- A user without a row has the defaults: e-mail on, sent at once.
create table notice_settings (
  user_id integer primary key references users (id) on delete cascade,
  email_on boolean not null default true,
  delivery text not null default 'immediate' check (delivery in ('immediate', 'daily_digest')),
  updated_at timestamptz not null default now()
);

-- One row per notice: queued (waiting, perhaps after failed attempts), sending
-- (claimed by a process), sent, failed (given up, with the error) or skipped
-- (e-mail off, or no mail server). next_attempt_at null means "at once".
create table mail_deliveries (
  id integer generated always as identity primary key,
  notification_id integer not null unique references notifications (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  state text not null default 'queued'
    check (state in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz,
  claimed_at timestamptz,
  sent_at timestamptz,
  -- The address it went (or was to go) to, and whether it went in a daily digest.
  sent_to text,
  in_digest boolean not null default false,
  created_at timestamptz not null default now()
);
create index mail_deliveries_open_idx on mail_deliveries (state, next_attempt_at)
  where state in ('queued', 'sending');
create index mail_deliveries_user_idx on mail_deliveries (user_id, id desc);

-- Every notice gets its delivery record in the transaction that writes it,
-- whichever code path writes it (a publish, a plan change, a request's
-- decision, an offer, "notify all"): none can forget it, and a notice and its
-- delivery commit together or not at all. Sending happens after commit.
create function queue_mail_delivery() returns trigger
language plpgsql as $$
begin
  insert into mail_deliveries (notification_id, user_id) values (new.id, new.user_id);
  return null;
end;
$$;

create trigger notifications_mail_delivery after insert on notifications
  for each row execute function queue_mail_delivery();
