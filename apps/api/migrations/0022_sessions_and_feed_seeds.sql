-- Account self-service (issue 21, 5; issue 23, 6).
-- revoked_tokens: a signed-out token's id (its jti claim), kept until the
-- token would have expired anyway, so POST /auth/logout ends that one token
-- on every API node while the user's other sessions go on. A row goes with
-- its user (on delete cascade). Its change counter (data_versions) tells every
-- node when to read the list again, as the users counter does for token keys.
-- calendar_feeds.seed: the random part of a feed whose secret is re-derived
-- with the server's key (HMAC), so its URL can be shown again while it lives;
-- null for a feed made before this migration (shown again only once rotated).
-- Runs on PostgreSQL 15 and PGlite.
create table revoked_tokens (
  jti text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index revoked_tokens_expires_at on revoked_tokens (expires_at);

insert into data_versions (name) values ('revoked_tokens');
create trigger revoked_tokens_data_version
  after insert or update or delete or truncate on revoked_tokens
  for each statement execute function bump_data_version();

alter table calendar_feeds add column seed text;
