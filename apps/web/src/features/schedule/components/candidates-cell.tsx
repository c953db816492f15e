import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { parseReason } from '@meridian/domain';
import { parseCandidates, type NamedDistance } from '../../../components/jobs-table/candidates';
import { TravelDistance } from '../../../components/travel-hint';

function Side({ label, entries }: { label: string; entries: NamedDistance[] }) {
  return (
    <Typography variant="body2" noWrap component="div" sx={{ lineHeight: 1.5 }}>
      <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
        {label}:
      </Box>
      {entries.length === 0 && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          none
        </Box>
      )}
      {entries.map((entry, index) => (
        <Box component="span" key={`${entry.name}-${index}`} sx={{ mr: 0.75 }}>
          {entry.name} {entry.miles !== null && <TravelDistance miles={entry.miles} />}
          {index < entries.length - 1 ? ',' : ''}
        </Box>
      ))}
    </Typography>
  );
}

/** The candidate part of a job's reason, each distance with its travel hint. */
export function CandidatesCell({ reason }: { reason: string }) {
  const { summary } = parseReason(reason);
  const lists = parseCandidates(summary);
  if (lists.lead.length === 0 && lists.acq.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" noWrap title={summary}>
        {summary || 'Run Find Best Candidates'}
      </Typography>
    );
  }
  return (
    <Box title={summary}>
      <Side label="Lead" entries={lists.lead} />
      <Side label="Acq" entries={lists.acq} />
    </Box>
  );
}
