import AppBar from '@mui/material/AppBar';
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
import { UserMenu } from './user-menu';

interface TopBarProps {
  title: string;
  claims: TokenClaims;
  isNavigating: boolean;
  onToggleDrawer: () => void;
  onLogout: () => void;
  onChangePassword: () => void;
  onLogoutEverywhere: () => void;
}

/** The top bar: drawer toggle, screen title, music, the notifications bell, the user menu, logout. */
export function TopBar({
  title,
  claims,
  isNavigating,
  onToggleDrawer,
  onLogout,
  onChangePassword,
  onLogoutEverywhere,
}: TopBarProps) {
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
        <UserMenu
          claims={claims}
          onChangePassword={onChangePassword}
          onLogoutEverywhere={onLogoutEverywhere}
        />
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
