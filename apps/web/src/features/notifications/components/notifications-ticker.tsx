import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Close from '@mui/icons-material/Close';
import Campaign from '@mui/icons-material/Campaign';
import { keyframes } from '@mui/material/styles';
import type { NotificationSeverity } from '../../../lib/notifications';
import { useNotificationFeed, type FeedItem } from '../../../lib/notification-feed';

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

const COLOURS: Record<NotificationSeverity, string> = {
  success: 'success.main',
  info: 'info.main',
  warning: 'warning.main',
  error: 'error.main',
};

const time = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Items({ items, hidden }: { items: readonly FeedItem[]; hidden?: boolean }) {
  return (
    <Box
      component="ul"
      aria-hidden={hidden}
      // At least the visible width each, so the second copy never shows beside the first.
      sx={{ display: 'flex', m: 0, p: 0, flexShrink: 0, minWidth: '100cqw' }}
    >
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          sx={{
            listStyle: 'none',
            whiteSpace: 'nowrap',
            px: 3,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Box
            component="span"
            sx={{
              width: 8,
              height: 8,
              flexShrink: 0,
              borderRadius: '50%',
              bgcolor: COLOURS[item.severity],
            }}
          />
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {time(item.at)}
          </Box>
          {item.text}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The scrolling ticker: the unread part of the notification feed
 * (lib/notification-feed.ts: what managers sent, which arrives live, and this
 * session's happenings such as finished runs), the very items the bell counts;
 * absent while there are none. Clearing marks them read. Scrolling stops on
 * hover and focus, and for people who ask for reduced motion it becomes a
 * still list whose items wrap, so none is cut off on a phone.
 */
export function NotificationsTicker() {
  const { unread: items, markRead } = useNotificationFeed();
  if (items.length === 0) return null;
  const clear = () => markRead(items);
  // Two copies side by side make the loop seamless: the animation moves by one copy's width.
  const seconds = Math.max(20, items.reduce((sum, item) => sum + item.text.length, 0) / 6);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Notifications"
      sx={{ display: 'flex', alignItems: 'center', mb: 2, overflow: 'hidden', typography: 'body2' }}
    >
      <Campaign color="primary" sx={{ mx: 1.5, flexShrink: 0 }} aria-hidden />
      <Box
        tabIndex={0}
        sx={{
          containerType: 'inline-size',
          flexGrow: 1,
          overflow: 'hidden',
          py: 1,
          '&:hover > div, &:focus > div': { animationPlayState: 'paused' },
          // Inside its edge: the ticker's frame clips what lies outside it.
          '&:focus-visible': { outlineOffset: -3 },
          // Still, the items wrap instead of scrolling by: a long list scrolls inside, by keyboard too.
          '@media (prefers-reduced-motion: reduce)': { maxHeight: '7.5em', overflowY: 'auto' },
        }}
      >
        <Box
          data-testid="ticker-track"
          sx={{
            display: 'flex',
            width: 'max-content',
            animation: `${scroll} ${seconds}s linear infinite`,
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              width: 'auto',
              flexWrap: 'wrap',
              '& > ul[aria-hidden="true"]': { display: 'none' },
              '& > ul': { flexWrap: 'wrap', minWidth: 0, width: '100%', flexShrink: 1 },
              '& li': { whiteSpace: 'normal', px: 1.5 },
            },
          }}
        >
          <Items items={items} />
          <Items items={items} hidden />
        </Box>
      </Box>
      <IconButton size="small" aria-label="Clear notifications" onClick={clear} sx={{ mx: 1 }}>
        <Close fontSize="small" />
      </IconButton>
    </Paper>
  );
}
