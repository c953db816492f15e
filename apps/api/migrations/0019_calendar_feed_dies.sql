-- A private calendar feed URL dies with the credentials and the link it was
-- made under (issue 23, 5; issue 21, 5): a new password (an admin's reset or
-- the user's own change) and a link to another physicist (or an unlink)
-- delete the user's feed in the same statement, whatever code path wrote the
-- row. Deleting the user already removes it (on delete cascade, 0011).
-- Runs on PostgreSQL 15 and PGlite.
create function calendar_feed_dies() returns trigger language plpgsql as $$
begin
  delete from calendar_feeds where user_id = new.id;
  return new;
end;
$$;

create trigger users_calendar_feed_dies after update of password_hash, physicist_id on users
  for each row
  when (old.password_hash is distinct from new.password_hash
        or old.physicist_id is distinct from new.physicist_id)
  execute function calendar_feed_dies();
