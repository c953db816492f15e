import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { OFFER_NOTE_MAX, type ScheduleEntry } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { SLOT_WORDS } from '../../../lib/offer-words';
import { useToast } from '../../../components/toast/toast-context';
import { useMakeOffer } from '../api/offers';
import { dateRange } from './schedule-card';

/**
 * "Offer" on one of the user's next jobs: a note, then the offer goes to
 * every colleague who could take the slot; a manager decides once one accepts.
 */
export function OfferButton({ entry }: { entry: ScheduleEntry }) {
  const toast = useToast();
  const offer = useMakeOffer();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const customer = entry.customer.trim() || `Job ${entry.job_id}`;
  const slot = SLOT_WORDS[entry.slot];
  const submit = () =>
    offer.mutate(
      { job_id: entry.job_id, slot: entry.slot, note },
      {
        onSuccess: (made) => {
          const count = made.candidates.length;
          toast.success(
            count === 0
              ? 'Offered, but nobody can take it under the rules now: ask a manager.'
              : `Offered to ${count} colleague${count === 1 ? '' : 's'} who could take it; a manager decides once one accepts.`,
          );
          setOpen(false);
          setNote('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SwapHoriz />}
        sx={{ mt: 1 }}
        aria-label={`Offer ${customer}, ${dateRange(entry)}, to a colleague`}
        onClick={() => setOpen(true)}
      >
        Offer
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm">
          <DialogTitle>Offer {customer}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Your {slot} slot, {dateRange(entry)}. Every colleague who could take it under the
              rules (role, leave, no other job those days) is told and can accept it; a manager then
              decides. Until then it stays yours.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              label="Note for your colleagues (optional)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: OFFER_NOTE_MAX } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="contained" disabled={offer.isPending} onClick={submit}>
              Offer the job
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
