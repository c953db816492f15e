-- Session tokens are bound to the user's id and a random per-user key (issue
-- 12): token_version started at 0 for every account, so a deleted user's token
-- worked again once someone created the same username with the same role. A
-- new account, a role change and a password reset each draw a fresh key, and
-- an identity id is never reused. Runs on PostgreSQL 15 and PGlite.
alter table users
  add column token_key text not null default replace(gen_random_uuid()::text, '-', '');
alter table users drop column token_version;
