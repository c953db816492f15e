import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useServerNotifications } from '../../lib/people-api/get-notifications';
import { useMarkNotificationsRead } from '../../lib/people-api/mark-notification-read';

/** How many notifications the bell's menu lists. */
const SHOWN = 10;

const when = (iso: string) =>
  new Date(iso).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The top bar's bell: the unread count, and a menu of the latest notifications to read. */
export function NotificationsBell() {
  const list = useServerNotifications();
  const markRead = useMarkNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = list.data?.unread ?? 0;
  const items = (list.data?.items ?? []).slice(0, SHOWN);
  const unreadIds = items.filter((n) => !n.read).map((n) => n.id);
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ mr: 1 }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
            Notifications
          </Typography>
          <Button
            size="small"
            disabled={unreadIds.length === 0 || markRead.isPending}
            onClick={() => markRead.mutate(unreadIds)}
          >
            Mark all read
          </Button>
        </Box>
        <Divider />
        {items.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">No notifications</Typography>
          </MenuItem>
        )}
        {items.map((item) => (
          <MenuItem
            key={item.id}
            onClick={() => !item.read && markRead.mutate([item.id])}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', flexDirection: 'column' }}
          >
            <Typography variant="body2" sx={{ fontWeight: item.read ? 400 : 600 }}>
              {item.message}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {when(item.created_at)}
              {item.read ? '' : ' · unread'}
            </Typography>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
