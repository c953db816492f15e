import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import type { ScheduleEntry } from '@meridian/contracts';
import { travelHint } from '@meridian/domain';
import type { EntryStatus } from '../entry-status';

const SLOT_LABEL = { lead: 'Lead', data_acq: 'Data acquisition' } as const;

/** "Mon 3 May 2027", read as a calendar day (no time zone shift). */
function day(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The dates of a job: one day, a range, or "Dates not set". */
export function dateRange(entry: Pick<ScheduleEntry, 'start' | 'end'>): string {
  if (entry.start === null || entry.end === null) return 'Dates not set';
  return entry.start === entry.end ? day(entry.start) : `${day(entry.start)} – ${day(entry.end)}`;
}

/** The status in words with an icon: confirmed is filled, tentative dashed, a begun job plain. */
function StatusChip({ status }: { status: EntryStatus }) {
  switch (status) {
    case 'Confirmed':
      return <Chip size="small" color="success" icon={<CheckCircle />} label={status} />;
    case 'Tentative':
      return (
        <Chip
          size="small"
          variant="outlined"
          icon={<HourglassEmpty />}
          label={status}
          sx={{ borderStyle: 'dashed' }}
        />
      );
    case 'Started':
    case 'Done':
      return <Chip size="small" variant="outlined" label={status} />;
  }
}

/**
 * One assignment as a card: fits a phone's width, every field on its own
 * line; a tentative job's card has a dashed edge. `action` (Offer) shows
 * at its foot.
 */
export function ScheduleCard({
  entry,
  status,
  action,
}: {
  entry: ScheduleEntry;
  status: EntryStatus;
  action?: ReactNode;
}) {
  const customer = entry.customer.trim() || `Job ${entry.job_id}`;
  const place = [entry.location, entry.zip_code].filter((p) => p.trim() !== '').join(', ');
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${customer}, ${dateRange(entry)}, ${status.toLowerCase()}`}
      data-status={status}
      sx={{ borderStyle: status === 'Tentative' ? 'dashed' : 'solid' }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            variant="h6"
            component="h3"
            sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {customer}
          </Typography>
          <Stack direction="row" spacing={1}>
            <StatusChip status={status} />
            <Chip
              size="small"
              color={entry.slot === 'lead' ? 'primary' : 'secondary'}
              label={SLOT_LABEL[entry.slot]}
            />
          </Stack>
        </Stack>
        <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{dateRange(entry)}</Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {place || 'Location not set'}
          {entry.miles_from_home !== null &&
            ` · ${Math.round(entry.miles_from_home)} mi from home (${travelHint(entry.miles_from_home)})`}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {entry.slot === 'lead' ? 'Data acquisition' : 'Lead'}:{' '}
          {entry.partner ?? 'not assigned yet'}
        </Typography>
        <Typography variant="body2">Kit: {entry.kit ?? 'not assigned yet'}</Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          Job {entry.job_id}
        </Typography>
        {action}
      </CardContent>
    </Card>
  );
}
