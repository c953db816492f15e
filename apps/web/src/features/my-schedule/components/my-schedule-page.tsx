import { useDeferredValue, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ScheduleEntry } from '@meridian/contracts';
import { useOrgToday } from '../../../lib/org-today';
import { useMySchedule } from '../../../lib/people-api/get-my-schedule';
import { useStoredFlag } from '../../../lib/use-stored-flag';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import { entryStatus, splitSchedule } from '../entry-status';
import { useMyOffers } from '../api/offers';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { PreferencesPanel } from './preferences-panel';
import { LeaveRequestsPanel } from './leave-requests-panel';
import { OfferButton } from './offer-dialog';
import { OffersPanel } from './offers-panel';
import { ScheduleCard } from './schedule-card';

/** When a kept copy was read, as people write it: "29 Nov 2026, 07:50". */
const asOfWords = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Where "Hide tentative" is remembered in this browser. */
const HIDE_TENTATIVE_KEY = 'meridian.my-schedule.hide-tentative';

function Section(props: {
  title: string;
  entries: ScheduleEntry[];
  today: string;
  empty: string;
  note?: string;
  actionFor?: (entry: ScheduleEntry) => ReactNode;
}) {
  return (
    <section aria-label={props.title}>
      <Typography variant="h6" component="h2" sx={{ mb: props.note ? 0.5 : 1.5 }}>
        {props.title} ({props.entries.length})
      </Typography>
      {props.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {props.note}
        </Typography>
      )}
      {props.entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {props.empty}
        </Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mb: 3, maxWidth: 720 }}>
          {props.entries.map((entry) => (
            <ScheduleCard
              key={`${entry.job_id}-${entry.slot}`}
              entry={entry}
              status={entryStatus(entry, props.today)}
              action={props.actionFor?.(entry)}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * /my-schedule: the signed-in user's own jobs as cards, next ones first, each
 * confirmed (published) or tentative (draft), and their calendar feed.
 * "Hide tentative" leaves only what is promised. `settings` (the route's
 * Notices panel) shows under the feed, or under the note of an unlinked account.
 */
export function MySchedulePage({ settings }: { settings?: ReactNode }) {
  const schedule = useMySchedule();
  // The organisation's today, as the server and the feed count it.
  const today = useOrgToday();
  const [hideTentative, setHideTentative] = useStoredFlag(HIDE_TENTATIVE_KEY);
  useErrorToast(schedule.error, 'Failed to fetch schedule data');
  const split = useMemo(
    () => splitSchedule(schedule.data?.entries ?? [], today),
    [schedule.data, today],
  );
  const online = schedule.data?.physicist != null && !schedule.data.offlineAsOf;
  const offers = useMyOffers(online);
  // A slot already offered (open, or waiting for a manager) shows that instead of Offer.
  const offered = new Set(
    (offers.data?.mine ?? [])
      .filter((o) => o.status === 'open' || o.status === 'accepted')
      .map((o) => `${o.job.id}-${o.slot}`),
  );
  const offerAction = (entry: ScheduleEntry): ReactNode => {
    const status = entryStatus(entry, today);
    if (!online || (status !== 'Confirmed' && status !== 'Tentative')) return null;
    if (offered.has(`${entry.job_id}-${entry.slot}`))
      return (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Offered to colleagues: see Swaps and covers
        </Typography>
      );
    return <OfferButton entry={entry} />;
  };
  // The panels below the next jobs (offers, leave, preferences, the feed, notices) are forms that
  // take a phone a long moment to draw. They are drawn in a deferred render, which React splits
  // into short slices, rather than in the one that shows the jobs when they arrive: that render is
  // a data store's update, which React draws in one go (docs/performance.md).
  const showPanels = useDeferredValue(
    Boolean(schedule.data?.physicist) && !schedule.data?.offlineAsOf,
    false,
  );
  const tentative = split.next.filter((entry) => entry.phase === 'draft').length;
  const confirmed = split.next.filter((entry) => entry.phase === 'published').length;
  const next = hideTentative ? split.next.filter((entry) => entry.phase !== 'draft') : split.next;
  const note =
    hideTentative && tentative > 0
      ? `${tentative} tentative job${tentative === 1 ? '' : 's'} hidden`
      : `${confirmed} confirmed, ${tentative} tentative: tentative jobs may still change`;
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
      {schedule.data?.offlineAsOf && (
        <Alert severity="info" sx={{ maxWidth: 720, mb: 2 }}>
          <AlertTitle>Offline</AlertTitle>
          Your schedule as of {asOfWords(schedule.data.offlineAsOf)}. It updates when the network is
          back.
        </Alert>
      )}
      {schedule.data?.physicist === null && !schedule.data.offlineAsOf && (
        <div style={{ marginTop: 24 }}>{settings}</div>
      )}
      {schedule.data?.physicist && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Jobs of {schedule.data.physicist.name}
          </Typography>
          <FormControlLabel
            sx={{ mb: 1 }}
            control={<Switch checked={hideTentative} onChange={(_, on) => setHideTentative(on)} />}
            label="Hide tentative"
          />
          <Section
            title="Next jobs"
            entries={next}
            today={today}
            empty={
              hideTentative && tentative > 0 ? 'No confirmed upcoming jobs.' : 'No upcoming jobs.'
            }
            note={split.next.length > 0 ? note : undefined}
            actionFor={offerAction}
          />
          {/* The next jobs come first on a phone; what needs the server follows them. */}
          {showPanels && (
            <>
              <OffersPanel />
              <LeaveRequestsPanel today={today} />
              <PreferencesPanel today={today} />
              <CalendarFeedPanel />
              {settings}
            </>
          )}
          {/* Past jobs come after the panels, and with them: drawn before them, the section was
              pushed down the page when they arrived, the load's one layout shift (CLS 0.077). */}
          {(showPanels || schedule.data.offlineAsOf) && (
            <Section title="Past jobs" entries={split.past} today={today} empty="No past jobs." />
          )}
        </>
      )}
    </>
  );
}
