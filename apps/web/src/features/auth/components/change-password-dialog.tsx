import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MIN_PASSWORD_LENGTH } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordDialogProps {
  open: boolean;
  /**
   * The password in use fails the rule (the token says so): the dialog cannot
   * be dismissed; the only other way out is to log out.
   */
  isRequired: boolean;
  onClose: () => void;
  onLogout: () => void;
}

const RULE = `At least ${MIN_PASSWORD_LENGTH} characters, not a common or breached password. A few unrelated words make a good one.`;

/** Change your own password: current, new and confirm; the server's refusal is shown as it says it. */
export function ChangePasswordDialog({
  open,
  isRequired,
  onClose,
  onLogout,
}: ChangePasswordDialogProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChangePassword();
  const toast = useToast();
  const isMismatch = confirm !== '' && confirm !== next;

  const reset = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
    setRefusal(null);
  };
  const close = () => {
    if (isRequired) return;
    reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      setRefusal('The new password and its confirmation differ.');
      return;
    }
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          toast.success('Password changed. Your other sessions and calendar feed have ended.');
          reset();
          onClose();
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="change-password-title">
          {isRequired ? 'Choose a new password' : 'Change password'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {isRequired && (
              <DialogContentText>
                Your password no longer meets the rules: it is too short or too common. Choose a new
                one to go on.
              </DialogContentText>
            )}
            {refusal !== null && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              fullWidth
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              value={next}
              onChange={(event) => setNext(event.target.value)}
              helperText={RULE}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              value={confirm}
              error={isMismatch}
              onChange={(event) => setConfirm(event.target.value)}
              helperText={isMismatch ? 'Does not match the new password.' : ' '}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          {isRequired ? (
            <Button onClick={onLogout}>Log out</Button>
          ) : (
            <Button onClick={close}>Cancel</Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending || current === '' || next === '' || confirm === ''}
          >
            Change password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
