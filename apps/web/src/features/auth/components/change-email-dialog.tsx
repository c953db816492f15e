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
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useToast } from '../../../components/toast/toast-context';
import { useChangeEmail } from '../api/change-email';

/**
 * Change your own e-mail address, next to Change password in the account
 * menu: the new address and the current password; the server's refusal (a
 * bad or taken address, a wrong password) is shown as it says it.
 */
export function ChangeEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const me = useCurrentUser();
  const change = useChangeEmail();
  const toast = useToast();

  const close = () => {
    setEmail('');
    setPassword('');
    setRefusal(null);
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current_password: password, email: email.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          close();
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
      aria-labelledby="change-email-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="change-email-title">Change e-mail</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
              {me.data === undefined
                ? 'Notices’ mail goes to your e-mail address.'
                : `Notices’ mail goes to ${me.data.email}.`}{' '}
              That address is told of the change, and mail goes to the new one from then on.
            </DialogContentText>
            {refusal !== null && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              required
              autoFocus
              fullWidth
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText="To prove it is you."
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending || email.trim() === '' || password === ''}
          >
            Change e-mail
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
