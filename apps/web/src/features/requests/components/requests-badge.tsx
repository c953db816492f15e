import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Inbox from '@mui/icons-material/Inbox';
import type { Role } from '@meridian/domain';
import { useRequests } from '../api/get-requests';

/** The top bar's way to the inbox for admins and managers, with the number of pending requests. */
export function RequestsBadge({ role }: { role: Role }) {
  const isManager = role === 'admin' || role === 'manager';
  const inbox = useRequests(isManager);
  if (!isManager) return null;
  const pending = inbox.data?.pending ?? 0;
  const label = pending === 0 ? 'Requests' : `Requests, ${pending} pending`;
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to="/requests"
        aria-label={label}
        sx={{ mr: { xs: 0, sm: 1 } }}
      >
        <Badge
          badgeContent={pending > 0 ? pending : null}
          color="error"
          max={99}
          data-testid="requests-count"
        >
          <Inbox />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
