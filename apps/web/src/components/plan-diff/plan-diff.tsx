import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Objective } from '@meridian/domain';

/** A slot's name as the assignment table heads it. */
export const SLOT_LABEL = { lead: 'Lead', data_acq: 'Data acq', kit: 'Kit' } as const;
export type DiffSlot = keyof typeof SLOT_LABEL;

/** F's parts in the order the F table lists them, with how many decimals each shows. */
export const OBJECTIVE_PARTS: readonly [keyof Objective, string, number][] = [
  ['total', 'F', 2],
  ['unassigned', 'Open slots (dated jobs)', 0],
  ['distance_miles', 'Miles', 1],
  ['balance', 'Balance', 2],
  ['rotation', 'Rotation repeats', 0],
];

/** How many unfillable slots are named; the rest are counted (a long list would bury the diff). */
const UNFILLED_NAMED = 6;

/** One changed slot, its holders already in words. */
export interface DiffRow {
  job_id: number;
  slot: DiffSlot;
  before: string;
  after: string;
  /** Said after the slot's name, e.g. '(was locked)'. */
  note?: string;
}

/**
 * A change of the plan as a diff: F's parts before and after, then each
 * changed slot before -> after, then the slots nobody can fill. The plan
 * history shows a recorded run with it, the what-if and preview dialogs a
 * proposal. The tables scroll sideways on a phone rather than push the After
 * column out of view.
 */
export function PlanDiff({
  before,
  after,
  rows,
  summary,
  jobName,
  unfilled = [],
  changesLabel = 'Changed slots',
}: {
  /** Null for runs recorded before F before was kept. */
  before: Objective | null;
  after: Objective;
  rows: readonly DiffRow[];
  /** The line over the changed slots ('3 slots change'). */
  summary: string;
  jobName: (id: number) => string;
  unfilled?: readonly { job_id: number; slot: DiffSlot }[];
  changesLabel?: string;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="F before and after">
        <TableHead>
          <TableRow>
            <TableCell>Part of F</TableCell>
            <TableCell align="right">Before</TableCell>
            <TableCell align="right">After</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {OBJECTIVE_PARTS.map(([key, label, decimals]) => (
            <TableRow key={key}>
              <TableCell>{label}</TableCell>
              <TableCell align="right">
                {before ? before[key].toFixed(decimals) : 'not recorded'}
              </TableCell>
              <TableCell align="right">{after[key].toFixed(decimals)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {summary}
      </Typography>
      {rows.length > 0 && (
        <Table size="small" aria-label={changesLabel}>
          <TableHead>
            <TableRow>
              <TableCell>Job</TableCell>
              <TableCell>Slot</TableCell>
              <TableCell>Before → after</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={`${c.job_id}-${c.slot}`}>
                <TableCell>{jobName(c.job_id)}</TableCell>
                <TableCell>
                  {SLOT_LABEL[c.slot]}
                  {c.note ? ` ${c.note}` : ''}
                </TableCell>
                <TableCell>
                  {c.before} → {c.after}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {unfilled.length > 0 && (
        <Typography color="warning.main" sx={{ mt: 2 }}>
          Nobody can fill:{' '}
          {unfilled
            .slice(0, UNFILLED_NAMED)
            .map((u) => `${jobName(u.job_id)} (${SLOT_LABEL[u.slot]})`)
            .join(', ')}
          {unfilled.length > UNFILLED_NAMED
            ? `, and ${unfilled.length - UNFILLED_NAMED} more slots`
            : ''}
        </Typography>
      )}
    </Box>
  );
}
