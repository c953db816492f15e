import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveRequestStatus } from '@meridian/contracts';
import { LEAVE_STATUS } from '../../../lib/leave-words';
import { RequestImpact } from './request-impact';

/**
 * What every request card in the inbox shares, whatever its kind: the
 * heading and its status chip, then the card's own lines (`children`); while
 * pending, its impact on the plan (GET /requests/{id}/impact, drawn by kind)
 * and Approve / Decline; then anything the card shows last (`footer`).
 */
export function RequestCardFrame({
  id,
  title,
  status,
  onDecide,
  decideLabels,
  children,
  footer,
}: {
  id: number;
  title: string;
  status: LeaveRequestStatus;
  onDecide: (decision: 'approve' | 'decline') => void;
  /** The buttons' accessible names, where the visible word alone would not say which request. */
  decideLabels?: { approve: string; decline: string };
  children: ReactNode;
  footer?: ReactNode;
}) {
  const chip = LEAVE_STATUS[status];
  const headingId = `request-${id}`;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      // Deciding removes the buttons: the focus then comes back to this card (lib/focus-keeper.ts).
      tabIndex={-1}
      data-focus-key={headingId}
      sx={{ p: 2, maxWidth: 880 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Chip size="small" label={chip.label} color={chip.color} sx={{ alignSelf: 'start' }} />
      </Stack>
      {children}
      {status === 'pending' && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
            Impact on the plan
          </Typography>
          <RequestImpact id={id} />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              aria-label={decideLabels?.approve}
              data-focus-key={headingId}
              onClick={() => onDecide('approve')}
            >
              Approve
            </Button>
            <Button
              variant="outlined"
              color="error"
              aria-label={decideLabels?.decline}
              data-focus-key={headingId}
              onClick={() => onDecide('decline')}
            >
              Decline
            </Button>
          </Stack>
        </>
      )}
      {footer}
    </Paper>
  );
}
