import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScheduleEntry } from '@meridian/contracts';
import { useMySchedule } from '../../../lib/people-api/get-my-schedule';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { ScheduleCard } from './schedule-card';

/** Today as YYYY-MM-DD in the browser's own calendar. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Next jobs (not yet ended, soonest first; undated last) and past ones (latest first). */
export function splitSchedule(entries: readonly ScheduleEntry[], on: string) {
  const next = entries.filter((e) => e.end === null || e.end >= on);
  const past = entries.filter((e) => e.end !== null && e.end < on).reverse();
  return { next, past };
}

function Section({
  title,
  entries,
  empty,
}: {
  title: string;
  entries: ScheduleEntry[];
  empty: string;
}) {
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title} ({entries.length})
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {empty}
        </Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mb: 3, maxWidth: 720 }}>
          {entries.map((entry) => (
            <ScheduleCard key={`${entry.job_id}-${entry.slot}`} entry={entry} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** /my-schedule: the signed-in user's own jobs as cards, next ones first, and their calendar feed. */
export function MySchedulePage() {
  const schedule = useMySchedule();
  useErrorToast(schedule.error, 'Failed to fetch schedule data');
  const split = useMemo(
    () => splitSchedule(schedule.data?.entries ?? [], today()),
    [schedule.data],
  );
  return (
    <>
      <PageHeader title="My schedule" />
      {schedule.isPending && <LinearProgress aria-label="Loading your schedule" />}
      {schedule.error && <Alert severity="error">Failed to fetch schedule data</Alert>}
      {schedule.data?.physicist === null && (
        <Alert severity="info" sx={{ maxWidth: 720 }}>
          <AlertTitle>Your account is not linked to a physicist yet</AlertTitle>
          Ask an admin to link your account to your physicist record (Admin, User Management). Your
          jobs, a calendar feed and notifications about your changes then appear here.
        </Alert>
      )}
      {schedule.data?.physicist && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Jobs of {schedule.data.physicist.name}
          </Typography>
          <CalendarFeedPanel />
          <Section title="Next jobs" entries={split.next} empty="No upcoming jobs." />
          <Section title="Past jobs" entries={split.past} empty="No past jobs." />
        </>
      )}
    </>
  );
}
