import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TravelDistance } from '../../../components/travel-hint';
import type { MapJob, SlotHolder } from '../map-model';

function Slot({ label, holder }: { label: string; holder: SlotHolder }) {
  return (
    <Typography variant="body2" component="div">
      <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
        {label}:
      </Box>
      {holder.name ?? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Unassigned
        </Box>
      )}
      {holder.miles !== null && (
        <>
          {' '}
          <TravelDistance miles={holder.miles} />
        </>
      )}
    </Typography>
  );
}

const dates = (start: string | null, end: string | null) =>
  start === null ? 'No dates' : end === null || end === start ? start : `${start} to ${end}`;

/** One job's assignment: customer, place, dates, lead and data acq with miles, kit. */
export function JobDetails({ entry }: { entry: MapJob }) {
  const { job } = entry;
  return (
    <Box data-testid="map-job-details" aria-label={`Assignment of ${job.customer}`} role="group">
      <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {job.customer}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[job.location, job.zip_code || 'no zip'].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {dates(job.start, job.end)}
      </Typography>
      <Slot label="Lead" holder={entry.lead} />
      <Slot label="Data acq" holder={entry.dataAcq} />
      <Typography variant="body2" component="div">
        <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
          Kit:
        </Box>
        {job.assigned_kit_name ?? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            No kit
          </Box>
        )}
      </Typography>
    </Box>
  );
}
