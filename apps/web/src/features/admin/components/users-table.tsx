import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LinkSuggestion } from '@meridian/contracts';
import type { Physicist, Role, User } from '@meridian/domain';
import { useElementWidth } from '../../../lib/use-element-size';
import { PhysicistLinkCell } from './physicist-link-cell';
import { RoleSelect, UserActions } from './user-controls';

interface UsersTableProps {
  users: readonly User[];
  onRoleChange: (user: User, role: Role) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
  /** The roster, for linking accounts to physicists. */
  physicists: readonly Physicist[];
  suggestions: readonly LinkSuggestion[];
  onLink: (user: User, physicistId: number | null) => void;
}

/** Below this width (the list's own, not the window's: the drawer takes room too) each account is a card. */
const TABLE_MIN_WIDTH = 760;

/**
 * The user list with an inline role picker, the linked physicist and
 * per-user actions: a table where it fits, else one card per account with
 * the same controls stacked, so a phone never scrolls sideways.
 */
export function UsersTable(props: UsersTableProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const holders = new Map(
    props.users.flatMap((u) =>
      u.physicist_id === null ? [] : [[u.physicist_id, u.username] as const],
    ),
  );
  return (
    <Box ref={ref}>
      {width === 0 ? null : width < TABLE_MIN_WIDTH ? (
        <UserCards {...props} holders={holders} />
      ) : (
        <UserRows {...props} holders={holders} />
      )}
    </Box>
  );
}

type ListProps = UsersTableProps & { holders: ReadonlyMap<number, string> };

function UserRows({ users, onRoleChange, onResetPassword, onDelete, ...link }: ListProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Username</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Physicist</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover data-testid={`user-row-${user.username}`}>
              <TableCell sx={{ fontWeight: 600 }}>{user.username}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <RoleSelect user={user} onRoleChange={onRoleChange} />
              </TableCell>
              <TableCell>
                <LinkCell user={user} {...link} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <UserActions user={user} onResetPassword={onResetPassword} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function UserCards({ users, onRoleChange, onResetPassword, onDelete, ...link }: ListProps) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Users" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {users.map((user) => (
        <Paper
          key={user.id}
          component="li"
          variant="outlined"
          data-testid={`user-row-${user.username}`}
          sx={{ p: 1.5 }}
        >
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {user.username}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
            </Box>
            <Box sx={{ flexShrink: 0, mt: -0.5, mr: -0.5 }}>
              <UserActions user={user} onResetPassword={onResetPassword} onDelete={onDelete} />
            </Box>
          </Stack>
          <Stack spacing={1.5} sx={{ mt: 1.5 }}>
            <Field label="Role">
              <RoleSelect user={user} onRoleChange={onRoleChange} fullWidth />
            </Field>
            <Field label="Physicist">
              <LinkCell user={user} {...link} fullWidth />
            </Field>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function LinkCell({
  user,
  physicists,
  holders,
  suggestions,
  onLink,
  fullWidth = false,
}: Pick<ListProps, 'physicists' | 'holders' | 'suggestions' | 'onLink'> & {
  user: User;
  fullWidth?: boolean;
}) {
  return (
    <PhysicistLinkCell
      user={user}
      physicists={physicists}
      holders={holders}
      suggestion={suggestions.find((s) => s.user_id === user.id)}
      onLink={onLink}
      fullWidth={fullWidth}
    />
  );
}
