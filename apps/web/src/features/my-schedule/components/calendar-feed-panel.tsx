import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

/**
 * The private calendar feed: create, copy, rotate, revoke. The server keeps
 * only a hash of the URL's secret, so the URL is shown once, right after it
 * is made; a lost URL is replaced by rotating.
 */
export function CalendarFeedPanel() {
  const toast = useToast();
  const status = useCalendarFeed(true);
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = status.data?.active === true;

  const makeUrl = () =>
    rotate.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url);
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
        setUrl(null);
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
      {url !== null && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
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
      )}
      {active && url === null && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          A feed is live. Its URL is shown only when it is made: rotate to get a new one.
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
