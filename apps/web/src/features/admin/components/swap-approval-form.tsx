import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_AUTO_APPROVAL_F, type SwapApprovalSettings } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useSwapApproval, useUpdateSwapApproval } from '../api/swap-approval';
import { fetchFailure } from './fetch-failure';

/** Swaps: whether an accepted swap is approved without a manager, and up to which rise of F. */
export function SwapApprovalSection() {
  const saved = useSwapApproval();
  return (
    <Stack component="section" aria-labelledby="swap-approval-heading" spacing={2}>
      <Typography variant="h6" component="h2" id="swap-approval-heading">
        Swaps
      </Typography>
      {saved.isPending && <CircularProgress aria-label="Loading the swap setting" />}
      {saved.error && <Alert severity="error">{fetchFailure(saved.error)}</Alert>}
      {saved.data && <SwapApprovalForm saved={saved.data} />}
    </Stack>
  );
}

function SwapApprovalForm({ saved }: { saved: SwapApprovalSettings }) {
  const toast = useToast();
  const update = useUpdateSwapApproval();
  const [isAutomatic, setIsAutomatic] = useState(saved.is_automatic);
  const [limit, setLimit] = useState(String(saved.max_f_increase));
  const value = Number(limit);
  const problem =
    limit.trim() === '' || !Number.isFinite(value) || value < 0 || value > MAX_AUTO_APPROVAL_F
      ? `Enter a number from 0 to ${MAX_AUTO_APPROVAL_F.toLocaleString('en-US')}`
      : null;
  const save = () =>
    update.mutate(
      { is_automatic: isAutomatic, max_f_increase: value },
      {
        onSuccess: () => toast.success('Swap approval saved.'),
        onError: (error) => toast.error(`Failed to save: ${errorMessage(error)}`),
      },
    );
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        When a physicist offers a job and a colleague accepts it, a manager approves the swap in
        Requests. Automatic approval skips that when the swap keeps every rule and the plan's score
        F rises by at most the amount below.
      </Typography>
      <FormControlLabel
        control={<Switch checked={isAutomatic} onChange={(_, on) => setIsAutomatic(on)} />}
        label="Approve swaps automatically"
      />
      <TextField
        label="Largest rise of F approved automatically"
        type="number"
        value={limit}
        error={problem !== null}
        helperText={
          problem ?? 'A rise of 1 is about 100 more miles at the default proximity weight.'
        }
        slotProps={{ htmlInput: { step: 0.1, min: 0, max: MAX_AUTO_APPROVAL_F } }}
        onChange={(event) => setLimit(event.target.value)}
      />
      <div>
        <Button variant="contained" onClick={save} disabled={update.isPending || problem !== null}>
          Save swap approval
        </Button>
      </div>
    </Stack>
  );
}
