import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { parseReason } from '@meridian/domain';
import { parseCandidates } from '../../../components/jobs-table/candidates';
import { assigneeMiles, type ZipIndex } from '../../../components/jobs-table/zip-distance';
import { TravelDistance } from '../../../components/travel-hint';

interface AssigneeCellProps {
  name: string | null;
  reason: string;
  side: 'lead' | 'acq';
  /** The assignee's home zip (from the roster), for when the reason has no distance. */
  homeZip: string | null;
  jobZip: string;
  zips: ZipIndex | undefined;
}

/**
 * An assigned physicist with a distance and its travel hint: the one in the
 * reason's assignment part, else haversine miles from home zip to job zip
 * (an uploaded assignment carries no distance text, and a renamed physicist no
 * longer matches the name written in it).
 */
export function AssigneeCell({ name, reason, side, homeZip, jobZip, zips }: AssigneeCellProps) {
  if (!name) {
    return (
      <Typography variant="body2" color="text.disabled">
        Unassigned
      </Typography>
    );
  }
  const entry = parseCandidates(parseReason(reason).summary)[side].find((e) => e.name === name);
  const miles = assigneeMiles(entry?.miles, zips, homeZip, jobZip);
  return (
    <Typography variant="body2" noWrap component="div">
      <Box component="span" sx={{ mr: 0.5 }}>
        {name}
      </Box>
      {miles !== null && <TravelDistance miles={miles} />}
    </Typography>
  );
}
