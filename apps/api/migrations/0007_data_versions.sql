-- A change counter per table that lists are served from, bumped by a
-- statement-level trigger in the same transaction as every insert, update,
-- delete or truncate. List answers derive their strong ETag from these
-- counters, so every API node agrees on it and a write through any path
-- (repository, migration, psql) invalidates it. Runs on PostgreSQL 15 and PGlite.
create table data_versions (
  name text primary key,
  version bigint not null default 1
);

insert into data_versions (name)
values ('jobs'), ('physicists'), ('kits'), ('unavailability'), ('users'), ('zip_data');

create function bump_data_version() returns trigger
language plpgsql as $$
begin
  update data_versions set version = version + 1 where name = tg_table_name;
  return null;
end;
$$;

create trigger jobs_data_version after insert or update or delete or truncate on jobs
  for each statement execute function bump_data_version();
create trigger physicists_data_version after insert or update or delete or truncate on physicists
  for each statement execute function bump_data_version();
create trigger kits_data_version after insert or update or delete or truncate on kits
  for each statement execute function bump_data_version();
create trigger unavailability_data_version after insert or update or delete or truncate on unavailability
  for each statement execute function bump_data_version();
create trigger users_data_version after insert or update or delete or truncate on users
  for each statement execute function bump_data_version();
create trigger zip_data_version after insert or update or delete or truncate on zip_data
  for each statement execute function bump_data_version();
