-- Issue 23 item 10, scale-out that holds: the sign-in throttle (failed
-- sign-ins per account and per address) and the request limits (sign-in
-- requests per address, imports and expensive starts per user) are counted
-- here, so every API node on one PostgreSQL database counts the same
-- attempts: two nodes together allow what one allows. The embedded database
-- uses the same table (one code path). Runs on PostgreSQL 15 and PGlite.
--
-- key: an HMAC of the counter's name (an account's name, an address, a
-- route and user), never the name itself: a password typed into the
-- username field is not stored. Times are milliseconds since 1970 on the
-- app's clock. Each counter is a fixed window: hits since window_start;
-- locked_until is the end of a sign-in lock (0: none). A row may be deleted
-- once expires_at has passed (window and lock both over): every node sweeps.
create table rate_counters (
  key text primary key,
  hits integer not null,
  window_start bigint not null,
  locked_until bigint not null default 0,
  expires_at bigint not null
);
create index rate_counters_expires_idx on rate_counters (expires_at);
