import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { parseReason } from '@meridian/domain';
import { parseCandidates } from '../../../components/jobs-table/candidates';
import { TravelDistance } from '../../../components/travel-hint';

/** An assigned physicist with the distance from the reason's assignment part and its travel hint. */
export function AssigneeCell({
  name,
  reason,
  side,
}: {
  name: string | null;
  reason: string;
  side: 'lead' | 'acq';
}) {
  if (!name) {
    return (
      <Typography variant="body2" color="text.disabled">
        Unassigned
      </Typography>
    );
  }
  const entry = parseCandidates(parseReason(reason).summary)[side].find((e) => e.name === name);
  return (
    <Typography variant="body2" noWrap component="div">
      <Box component="span" sx={{ mr: 0.5 }}>
        {name}
      </Box>
      {entry?.miles != null && <TravelDistance miles={entry.miles} />}
    </Typography>
  );
}
