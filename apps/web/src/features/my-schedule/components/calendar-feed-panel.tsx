import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventAvailable from '@mui/icons-material/EventAvailable';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';
import { calendarLinks } from './calendar-links';

/**
 * The private calendar feed: create, copy, subscribe (webcal, Google,
 * Outlook), rotate, revoke. The server re-derives the URL from a seed and its
 * key, so it is shown again for as long as the feed lives; a feed made before
 * that shows no URL until it is rotated.
 */
export function CalendarFeedPanel() {
  const toast = useToast();
  const status = useCalendarFeed(true);
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const active = status.data?.active === true;
  const url = status.data?.url ?? null;
  const links = url === null ? null : calendarLinks(url);

  const makeUrl = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        toast.success(
          active ? 'Calendar URL rotated; the old one no longer works.' : 'Calendar feed created.',
        );
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  const copy = async () => {
    if (url === null) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar URL copied.');
    } catch {
      toast.warning('Copy is not allowed here; select the URL and copy it by hand.');
    }
  };
  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        toast.success('Calendar feed revoked.');
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} aria-label="Calendar feed" component="section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EventAvailable color="primary" />
        <Typography variant="h6" component="h2">
          Calendar feed
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {active
          ? 'Your calendar app can subscribe to a private URL that follows every change to your jobs.'
          : 'Subscribe to your jobs from Google Calendar, Outlook or Apple Calendar with a private URL.'}
      </Typography>
      {url !== null && links !== null && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5 }}>
            <TextField
              size="small"
              label="Private calendar URL"
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-url' } }}
              onFocus={(event) => event.target.select()}
            />
            <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
              Copy
            </Button>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}
            aria-label="Subscribe in a calendar app"
            role="group"
          >
            <Button variant="outlined" href={links.webcal} startIcon={<EventAvailable />}>
              Open in calendar app
            </Button>
            <Button
              variant="outlined"
              href={links.google}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew aria-hidden />}
            >
              Add to Google Calendar
            </Button>
            <Button
              variant="outlined"
              href={links.outlook}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew aria-hidden />}
            >
              Add to Outlook
            </Button>
          </Stack>
        </>
      )}
      {active && url === null && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          A feed is live, made before its URL could be shown again: rotate it to get a URL you can
          see here any time.
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          onClick={makeUrl}
          disabled={rotate.isPending || status.isPending}
        >
          {active ? 'Rotate URL' : 'Create calendar feed'}
        </Button>
        {active && (
          <Button color="error" onClick={stop} disabled={revoke.isPending}>
            Revoke
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
