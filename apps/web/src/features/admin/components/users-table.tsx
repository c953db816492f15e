import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import LockReset from '@mui/icons-material/LockReset';
import type { LinkSuggestion } from '@meridian/contracts';
import { RoleSchema, type Physicist, type Role, type User } from '@meridian/domain';
import { PhysicistLinkCell } from './physicist-link-cell';

interface UsersTableProps {
  users: readonly User[];
  onRoleChange: (user: User, role: Role) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
  /** The roster, for linking accounts to physicists (issue 10). */
  physicists: readonly Physicist[];
  suggestions: readonly LinkSuggestion[];
  onLink: (user: User, physicistId: number | null) => void;
}

/** The user list with an inline role picker, the linked physicist and per-user actions. */
export function UsersTable({
  users,
  onRoleChange,
  onResetPassword,
  onDelete,
  physicists,
  suggestions,
  onLink,
}: UsersTableProps) {
  const holders = new Map(
    users.flatMap((u) => (u.physicist_id === null ? [] : [[u.physicist_id, u.username] as const])),
  );
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
                <Select
                  size="small"
                  value={user.role}
                  inputProps={{ 'aria-label': `Role of ${user.username}` }}
                  onChange={(event) => onRoleChange(user, RoleSchema.parse(event.target.value))}
                  sx={{ minWidth: 130, textTransform: 'capitalize' }}
                >
                  {RoleSchema.options.map((role) => (
                    <MenuItem key={role} value={role} sx={{ textTransform: 'capitalize' }}>
                      {role}
                    </MenuItem>
                  ))}
                </Select>
              </TableCell>
              <TableCell>
                <PhysicistLinkCell
                  user={user}
                  physicists={physicists}
                  holders={holders}
                  suggestion={suggestions.find((s) => s.user_id === user.id)}
                  onLink={onLink}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Reset password">
                  <IconButton
                    aria-label={`Reset password for ${user.username}`}
                    onClick={() => onResetPassword(user)}
                  >
                    <LockReset />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Delete user">
                  <IconButton
                    aria-label={`Delete ${user.username}`}
                    color="error"
                    onClick={() => onDelete(user)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
