import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import LockReset from '@mui/icons-material/LockReset';
import { RoleSchema, type Role, type User } from '@meridian/domain';

/** The inline role picker of one account (the table's cell and the phone card's field). */
export function RoleSelect({
  user,
  onRoleChange,
  fullWidth = false,
}: {
  user: User;
  onRoleChange: (user: User, role: Role) => void;
  fullWidth?: boolean;
}) {
  return (
    <Select
      size="small"
      value={user.role}
      fullWidth={fullWidth}
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
  );
}

/** Reset password and delete, as icon buttons. */
export function UserActions({
  user,
  onResetPassword,
  onDelete,
}: {
  user: User;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}) {
  return (
    <>
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
    </>
  );
}
