import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RoleSchema, type Role } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateUser } from '../api/create-user';

interface AddUserDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The new-user dialog: username, email, password, role (default regular). */
export function AddUserDialog({ isOpen, onClose }: AddUserDialogProps) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('regular');
  const createUser = useCreateUser();
  const toast = useToast();

  const close = () => {
    setUsername('');
    setEmail('');
    setPassword('');
    setRole('regular');
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    createUser.mutate(
      { username, email, password, role },
      {
        onSuccess: () => {
          toast.success('User added successfully.');
          close();
        },
        onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit}>
        <DialogTitle>Add user</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Username"
              required
              autoFocus
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
            <TextField
              label="Email"
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText="At least 12 characters, not a common or breached password."
            />
            <TextField
              select
              label="Role"
              value={role}
              onChange={(event) => setRole(RoleSchema.parse(event.target.value))}
            >
              {RoleSchema.options.map((option) => (
                <MenuItem key={option} value={option} sx={{ textTransform: 'capitalize' }}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={createUser.isPending}>
            Add user
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
