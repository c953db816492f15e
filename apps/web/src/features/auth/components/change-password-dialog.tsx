import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { MIN_PASSWORD_LENGTH } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useChangePassword } from '../api/change-password';
import { AccountFormDialog } from './account-form-dialog';

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
    <AccountFormDialog
      open={open}
      title={isRequired ? 'Choose a new password' : 'Change password'}
      titleId="change-password-title"
      onClose={close}
      onSubmit={onSubmit}
      intro={
        isRequired
          ? 'Your password no longer meets the rules: it is too short or too common. Choose a new one to go on.'
          : undefined
      }
      refusal={refusal}
      other={
        isRequired ? { label: 'Log out', onClick: onLogout } : { label: 'Cancel', onClick: close }
      }
      submitLabel="Change password"
      canSubmit={!change.isPending && current !== '' && next !== '' && confirm !== ''}
    >
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
    </AccountFormDialog>
  );
}
