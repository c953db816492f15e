-- One queued or running optimisation per user (SECURITY.md: expensive
-- operations are capped per user), as 0003 does for comparisons. Runs on
-- PostgreSQL 15 and PGlite.
--
-- A database last used by an older version may hold more than one: all but
-- each user's newest end first, as a failed run ends (its final stream event
-- appended, status error). A process still running one finds it ended and
-- writes nothing, as after a cancel.
with extra as (
  select id from (
    select id, row_number() over (partition by created_by order by created_at desc, id desc) as n
    from tasks
    where type = 'optimization' and status in ('queued', 'running') and created_by is not null
  ) ranked
  where n > 1
), closed as (
  update tasks t
  set last_event_id = t.last_event_id + 1, events_closed = true
  from extra
  where t.id = extra.id and not t.events_closed
  returning t.id, t.last_event_id
)
insert into task_events (task_id, id, data)
select id, last_event_id, jsonb_build_object(
  'type', 'error',
  'message', 'Ended by an upgrade that allows one optimisation per user; nothing was changed')
from closed;

update tasks t
set status = 'error',
  message = 'Ended by an upgrade that allows one optimisation per user; nothing was changed',
  finished_at = now()
where t.type = 'optimization' and t.status in ('queued', 'running') and t.created_by is not null
  and exists (
    select 1 from tasks newer
    where newer.type = 'optimization' and newer.status in ('queued', 'running')
      and newer.created_by = t.created_by
      and (newer.created_at, newer.id) > (t.created_at, t.id)
  );

create unique index tasks_one_optimization_per_user on tasks (created_by)
  where type = 'optimization' and status in ('queued', 'running');
