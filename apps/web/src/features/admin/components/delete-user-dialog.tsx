import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useDeleteUser } from '../api/delete-user';

/** The delete confirmation: the username, and that it cannot be undone. */
export function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  const toast = useToast();

  const confirm = () => {
    if (!user) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast.success('User deleted.');
        onClose();
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  };

  return (
    <Dialog open={user !== null} onClose={onClose} maxWidth="xs">
      <DialogTitle>Delete user</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {user ? `Are you sure you want to delete ${user.username}? This cannot be undone.` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={deleteUser.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
