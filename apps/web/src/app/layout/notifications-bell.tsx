import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNotificationFeed, type FeedItem } from '../../lib/notification-feed';

/** How many notifications the bell's list shows. */
const SHOWN = 10;

const when = (at: number) =>
  new Date(at).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The top bar's bell: the unread count, and a panel listing the latest
 * notifications, the same ones the ticker shows (lib/notification-feed.ts).
 * A panel with a list, not a menu: its rows are notices to read, and only
 * unread ones are buttons (reading one marks it read).
 */
export function NotificationsBell() {
  const { items, unread, markRead, isMarking } = useNotificationFeed();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const shown = items.slice(0, SHOWN);
  const label = unread.length === 0 ? 'Notifications' : `Notifications, ${unread.length} unread`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ mr: { xs: 0, sm: 1 } }}
        >
          <Badge
            badgeContent={unread.length > 0 ? unread.length : null}
            color="error"
            max={99}
            data-testid="notifications-count"
          >
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            sx={{ flexGrow: 1, fontWeight: 600 }}
          >
            Notifications
          </Typography>
          <Button
            size="small"
            disabled={unread.length === 0 || isMarking}
            onClick={() => markRead(unread)}
          >
            Mark all read
          </Button>
        </Box>
        <Divider />
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            No notifications
          </Typography>
        ) : (
          <List dense aria-labelledby={headingId} sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {shown.map((item) => (
              <ListItem key={item.key} disablePadding>
                {item.read ? (
                  <NoticeText item={item} sx={{ px: 2, py: 0.5 }} />
                ) : (
                  <ListItemButton onClick={() => markRead([item])}>
                    <NoticeText item={item} />
                  </ListItemButton>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function NoticeText({ item, sx }: { item: FeedItem; sx?: object }) {
  return (
    <ListItemText
      sx={sx}
      primary={item.text}
      secondary={`${when(item.at)}${item.read ? '' : ' · unread'}`}
      slotProps={{
        primary: { variant: 'body2', sx: { fontWeight: item.read ? 400 : 600 } },
        secondary: { color: 'text.secondary' },
      }}
    />
  );
}
