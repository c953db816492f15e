-- A job's kit_location (the zip its kit travels from) is derived when jobs are
-- read: the kit's previous job in date order, else the kit's own location (see
-- jobs.repository.ts). The copy kit assignment stored went stale as soon as a
-- kit was overridden, cleared, deleted or moved, or a job's dates changed, so
-- it goes. Runs on PostgreSQL 15 and PGlite.
alter table jobs drop column kit_location;
