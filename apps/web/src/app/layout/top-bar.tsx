import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import type { TokenClaims } from '@meridian/contracts';
import { MusicControls } from '../../features/music/components/music-controls';
import { ThemeMenu } from '../../features/theme/components/theme-menu';
import { RequestsBadge } from '../../features/requests/components/requests-badge';
import { NotificationsBell } from './notifications-bell';

interface TopBarProps {
  title: string;
  claims: TokenClaims;
  isNavigating: boolean;
  onToggleDrawer: () => void;
  onLogout: () => void;
}

/** The top bar: drawer toggle, screen title, music, the notifications bell, who is signed in, logout. */
export function TopBar({ title, claims, isNavigating, onToggleDrawer, onLogout }: TopBarProps) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Toggle navigation"
          onClick={onToggleDrawer}
          sx={{ mr: 2 }}
        >
          <Menu />
        </IconButton>
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ flexGrow: 1 }}
          data-testid="page-title"
        >
          {title}
        </Typography>
        <MusicControls />
        <ThemeMenu />
        <RequestsBadge role={claims.role} />
        <NotificationsBell />
        <Box sx={{ display: { xs: 'none', sm: 'block' }, mr: 2, textAlign: 'right' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {claims.sub}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8, textTransform: 'capitalize' }}>
            {claims.role}
          </Typography>
        </Box>
        <Button color="inherit" startIcon={<Logout />} onClick={onLogout}>
          Logout
        </Button>
      </Toolbar>
      {isNavigating && (
        <LinearProgress
          color="secondary"
          aria-label="Loading screen"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
        />
      )}
    </AppBar>
  );
}
