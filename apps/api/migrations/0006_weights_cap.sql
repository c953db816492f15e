-- Optimizer weights are capped at 1000 each (MAX_WEIGHT in packages/domain:
-- above that the coverage term of F no longer outweighs the rest). A value
-- saved before the cap is brought down to it here, so the admin's other
-- choices stay instead of the whole setting falling back to the defaults.
-- Runs on PostgreSQL 15 and PGlite.
update app_settings
set value = jsonb_build_object(
  'job_balance', least((value->>'job_balance')::double precision, 1000),
  'proximity', least((value->>'proximity')::double precision, 1000),
  'staff_rotation', least((value->>'staff_rotation')::double precision, 1000)
)
where key = 'optimizer_weights'
  and jsonb_typeof(value->'job_balance') = 'number'
  and jsonb_typeof(value->'proximity') = 'number'
  and jsonb_typeof(value->'staff_rotation') = 'number'
  and greatest(
    (value->>'job_balance')::double precision,
    (value->>'proximity')::double precision,
    (value->>'staff_rotation')::double precision
  ) > 1000;
