import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Lock from '@mui/icons-material/Lock';
import { inclusiveDays, travelHint, type Physicist } from '@meridian/domain';
import { assigneeDistance } from '../../../components/jobs-table/assignee-distance';
import type { ZipIndex } from '../../../components/jobs-table/zip-distance';
import { TravelDistance } from '../../../components/travel-hint';
import type { Slot, TimelineBar } from '../layout/timeline-rows';
import { SLOT_LABELS } from './bar-text';

/** What each phase means for the people on the job. */
const PHASE_DETAIL = {
  past: 'Past: started before today, kept as it happened',
  published: 'Published: confirmed to the people on it',
  draft: 'Draft: the plan may still change it',
} as const;

interface BarDetailsProps {
  bar: TimelineBar;
  physicistsById: ReadonlyMap<number, Physicist>;
  zips: ZipIndex | undefined;
  canReassign: boolean;
}

/** A physicist with the miles to the job and the travel hint (car, car or plane, plane). */
function PersonWithMiles({ name, miles }: { name: string; miles: number | null }) {
  return (
    <>
      {name}{' '}
      {miles !== null && (
        <>
          <TravelDistance miles={miles} />{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {travelHint(miles)}
          </Box>
        </>
      )}
    </>
  );
}

/**
 * What hovering or focusing a bar shows: the job, its dates, all three slots
 * with miles and travel hint for the physicists, and whether the bar's slot
 * is pinned.
 */
export function BarDetails({ bar, physicistsById, zips, canReassign }: BarDetailsProps) {
  const job = bar.job;
  const homeZip = (id: number | null) => (id === null ? null : physicistsById.get(id)?.home_zip);
  const line = (slot: Slot, value: ReactNode) => (
    <Typography
      key={slot}
      variant="body2"
      component="div"
      sx={{ fontWeight: slot === bar.slot ? 700 : 400 }}
    >
      {SLOT_LABELS[slot]}: {value}
    </Typography>
  );
  const unassigned = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      unassigned
    </Box>
  );
  const person = (side: 'lead' | 'acq', name: string | null, id: number | null) =>
    name === null ? (
      unassigned
    ) : (
      <PersonWithMiles name={name} miles={assigneeDistance(job, side, homeZip(id), zips)} />
    );
  return (
    <Stack spacing={0.25} sx={{ maxWidth: 340 }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
        {job.customer}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          job {job.id}
        </Box>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {[job.location, job.zip_code].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2">
        {job.start === job.end ? job.start : `${job.start} to ${job.end}`}
        {job.start && job.end && ` (${inclusiveDays(job.start, job.end)} d)`}
      </Typography>
      <Typography variant="caption">{PHASE_DETAIL[job.phase]}</Typography>
      {line('lead', person('lead', job.assigned_lead, job.assigned_lead_id))}
      {line('data_acq', person('acq', job.assigned_data_acq, job.assigned_data_acq_id))}
      {line(
        'kit',
        job.assigned_kit_name === null
          ? unassigned
          : `${job.assigned_kit_name}${job.kit_location ? ` (from ${job.kit_location})` : ''}`,
      )}
      {bar.isPending && (
        <Typography variant="caption" color="text.secondary">
          Saving the reassignment...
        </Typography>
      )}
      {bar.isPinned && !bar.isPending && (
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Lock sx={{ fontSize: 14 }} /> Locked: optimisation keeps this{' '}
          {SLOT_LABELS[bar.slot].toLowerCase()}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {canReassign
          ? 'Drag to another row to reassign; click or press Enter for why, or to reassign'
          : 'Click or press Enter: why this assignment?'}
      </Typography>
    </Stack>
  );
}
