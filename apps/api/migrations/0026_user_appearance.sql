-- Issue 22: each user's own theme choice beside the admin's default. A user
-- without a row follows the organisation's theme. Runs on PostgreSQL 15 and PGlite.
-- The accepted values are checked by the API's zod contract (THEME_CHOICES), so a
-- theme added later needs no migration here.
create table user_appearance (
  user_id integer primary key references users (id) on delete cascade,
  theme_choice text not null,
  updated_at timestamptz not null default now()
);
