import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { User } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useResetUserPassword } from '../api/reset-user-password';

/** Asks for a new password for one user. */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const resetPassword = useResetUserPassword();
  const toast = useToast();

  const close = () => {
    setNewPassword('');
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    resetPassword.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          toast.success('User password reset.');
          close();
        },
        onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <Dialog open={user !== null} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit}>
        <DialogTitle>Reset password for {user?.username}</DialogTitle>
        <DialogContent>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            fullWidth
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            helperText="At least 12 characters, not a common or breached password. Their current sessions end at their next request."
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={resetPassword.isPending}>
            Reset password
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
