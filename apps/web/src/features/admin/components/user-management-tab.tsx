import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { Role, User } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { useLinkSuggestions } from '../api/get-link-suggestions';
import { useUpdateUserLink } from '../api/update-user-link';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useErrorToast } from '../../../components/use-error-toast';
import { fetchFailure } from './fetch-failure';
import { AddUserDialog } from './add-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UsersTable } from './users-table';
import { MailStatusLine } from './mail-status-line';

/** User Management: list, add, change role, link to a physicist, reset password, delete. */
export function UserManagementTab() {
  const users = useUsers();
  const updateRole = useUpdateUserRole();
  const physicists = usePhysicists();
  const suggestions = useLinkSuggestions();
  const updateLink = useUpdateUserLink();
  const toast = useToast();
  const [isAdding, setIsAdding] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  useErrorToast(users.error, users.error ? fetchFailure(users.error) : '');

  const changeRole = (user: User, role: Role) => {
    if (role === user.role) return;
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast.success('User role updated.'),
        onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
      },
    );
  };

  const link = (user: User, physicistId: number | null) => {
    if (physicistId === user.physicist_id) return;
    updateLink.mutate(
      { id: user.id, physicistId },
      {
        onSuccess: () =>
          toast.success(
            physicistId === null
              ? `${user.username} unlinked.`
              : `${user.username} linked to ${physicists.data?.find((p) => p.id === physicistId)?.name ?? 'the physicist'}.`,
          ),
        onError: (error) => toast.error(`Update failed: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <>
      <MailStatusLine />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography color="text.secondary">
          {users.data ? `${users.data.length} accounts` : 'Accounts'}
        </Typography>
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setIsAdding(true)}>
          Add User
        </Button>
      </Stack>
      {users.isPending && <CircularProgress aria-label="Loading users" />}
      {users.error && <Alert severity="error">{fetchFailure(users.error)}</Alert>}
      {users.data && (
        <UsersTable
          users={users.data}
          onRoleChange={changeRole}
          onResetPassword={setResetting}
          onDelete={setDeleting}
          physicists={physicists.data ?? []}
          suggestions={suggestions.data ?? []}
          onLink={link}
        />
      )}
      <AddUserDialog isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
