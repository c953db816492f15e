import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useToast } from '../../../components/toast/toast-context';
import { useChangeEmail } from '../api/change-email';
import { AccountFormDialog } from './account-form-dialog';

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
    <AccountFormDialog
      open={open}
      title="Change e-mail"
      titleId="change-email-title"
      onClose={close}
      onSubmit={onSubmit}
      intro={
        <>
          {me.data === undefined
            ? 'Notices’ mail goes to your e-mail address.'
            : `Notices’ mail goes to ${me.data.email}.`}{' '}
          That address is told of the change, and mail goes to the new one from then on.
        </>
      }
      refusal={refusal}
      other={{ label: 'Cancel', onClick: close }}
      submitLabel="Change e-mail"
      canSubmit={!change.isPending && email.trim() !== '' && password !== ''}
    >
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
    </AccountFormDialog>
  );
}
