import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Proposal } from '@meridian/contracts';

const SLOT_LABEL = { lead: 'Lead', data_acq: 'Data acq', kit: 'Kit' } as const;
const PARTS = [
  ['total', 'F'],
  ['unassigned', 'Unfilled slots'],
  ['distance_miles', 'Miles'],
  ['balance', 'Balance'],
  ['rotation', 'Rotation repeats'],
] as const;

/** A proposal as a diff: each changed slot before -> after, F's parts, the slots nobody can fill. */
export function ProposalDiff({
  proposal,
  jobName,
  holderName,
}: {
  proposal: Proposal;
  jobName: (id: number) => string;
  holderName: (slot: keyof typeof SLOT_LABEL, id: number | null) => string;
}) {
  // The tables scroll sideways on a phone rather than push the F column out of the dialog.
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {proposal.changes.length === 0
          ? 'Nothing needs to change.'
          : `${proposal.changes.length} slot${proposal.changes.length === 1 ? '' : 's'} change`}
      </Typography>
      {proposal.changes.length > 0 && (
        <Table size="small" aria-label="Proposed changes">
          <TableHead>
            <TableRow>
              <TableCell>Job</TableCell>
              <TableCell>Slot</TableCell>
              <TableCell>Before → after</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {proposal.changes.map((c) => (
              <TableRow key={`${c.job_id}-${c.slot}`}>
                <TableCell>{jobName(c.job_id)}</TableCell>
                <TableCell>
                  {SLOT_LABEL[c.slot]}
                  {c.locked ? ' (was locked)' : ''}
                </TableCell>
                <TableCell>
                  {holderName(c.slot, c.before)} → {holderName(c.slot, c.after)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Table size="small" aria-label="F before and after" sx={{ mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Part of F</TableCell>
            <TableCell align="right">Before</TableCell>
            <TableCell align="right">After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PARTS.map(([key, label]) => (
            <TableRow key={key}>
              <TableCell>{label}</TableCell>
              <TableCell align="right">
                {proposal.objective_before[key].toFixed(
                  key === 'unassigned' || key === 'rotation' ? 0 : 1,
                )}
              </TableCell>
              <TableCell align="right">
                {proposal.objective_after[key].toFixed(
                  key === 'unassigned' || key === 'rotation' ? 0 : 1,
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {proposal.unfilled.length > 0 && (
        <Typography color="warning.main" sx={{ mt: 2 }}>
          Nobody can fill:{' '}
          {proposal.unfilled.map((u) => `${jobName(u.job_id)} (${SLOT_LABEL[u.slot]})`).join(', ')}
        </Typography>
      )}
    </Box>
  );
}
