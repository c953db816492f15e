import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import type { TokenClaims } from '@meridian/contracts';
import { IdleMount } from '../../components/idle-mount';
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
  onChangeEmail: () => void;
  onLogoutEverywhere: () => void;
}

/**
 * The top bar: drawer toggle, screen title, music, the notifications bell, the
 * user menu, logout. On a phone the music folds into one button, Logout is an
 * icon, the buttons sit closer and a long title wraps to a second line, so the
 * title stays readable for every role.
 */
export function TopBar({
  title,
  claims,
  isNavigating,
  onToggleDrawer,
  onLogout,
  onChangePassword,
  onChangeEmail,
  onLogoutEverywhere,
}: TopBarProps) {
  const theme = useTheme();
  const isPhone = !useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar
        sx={{
          px: { xs: 1 },
          gap: { xs: 0.25, sm: 0 },
          // Room for the title on a phone: 36 px icon buttons (above the 24 px target size).
          '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } },
        }}
      >
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Toggle navigation"
          onClick={onToggleDrawer}
          sx={{ mr: { xs: 0.5, sm: 2 }, ml: { xs: 0 } }}
        >
          <Menu />
        </IconButton>
        <Typography
          variant="h6"
          component="div"
          noWrap={!isPhone}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            // On a phone a long title wraps to two lines rather than losing its end.
            ...(isPhone && {
              fontSize: '1rem',
              lineHeight: 1.2,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }),
          }}
          data-testid="page-title"
        >
          {title}
        </Typography>
        {/* After the screen's first paint, one at a time (components/idle-mount.tsx). */}
        <IdleMount>
          <MusicControls />
        </IdleMount>
        <ThemeMenu />
        <IdleMount>
          <RequestsBadge role={claims.role} />
        </IdleMount>
        <IdleMount>
          <NotificationsBell />
        </IdleMount>
        <UserMenu
          claims={claims}
          onChangePassword={onChangePassword}
          onChangeEmail={onChangeEmail}
          onLogoutEverywhere={onLogoutEverywhere}
        />
        {isPhone ? (
          <Tooltip title="Logout">
            <IconButton color="inherit" edge="end" aria-label="Logout" onClick={onLogout}>
              <Logout />
            </IconButton>
          </Tooltip>
        ) : (
          <Button color="inherit" startIcon={<Logout />} onClick={onLogout}>
            Logout
          </Button>
        )}
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
