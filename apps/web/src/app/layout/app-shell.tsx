import { useEffect, useState } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DRAWER_WIDTH } from '@meridian/domain';
import type { Session } from '../../lib/session-store';
import { clearToken } from '../../lib/session-store';
import { MAIN_CONTENT_ID } from '../../lib/focus-keeper';
import { clearNotifications } from '../../lib/notifications';
import { useNotificationsStream } from '../../lib/people-api/notifications-stream';
import { TaskPanel } from '../../features/tasks/components/task-panel';
import { NotificationsTicker } from '../../features/notifications/components/notifications-ticker';
import { IdleMount, useIdleTurn } from '../../components/idle-mount';
import { SkipLink } from '../../components/skip-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { logout as logoutOnServer } from '../../features/auth/api/logout';
import { ChangeEmailDialog } from '../../features/auth/components/change-email-dialog';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog';
import type { AppRoute } from '../routes/route-definitions';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';

interface AppShellProps {
  route: AppRoute;
  session: Session;
}

/** The chrome around every signed-in screen: top bar, drawer, content. */
export function AppShell({ route, session }: AppShellProps) {
  const theme = useTheme();
  const isOverlay = !useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // Null means "follow the screen size"; a click on the toggle makes it explicit.
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const isOpen = openChoice ?? !isOverlay;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Notifications arrive live while the app is open (the bell and the ticker read the list), from
  // the browser's first idle moment (components/idle-mount.tsx).
  useNotificationsStream(useIdleTurn());

  const [isChangingPassword, setChangingPassword] = useState(false);
  const [isChangingEmail, setChangingEmail] = useState(false);
  const [isConfirmingEverywhere, setConfirmingEverywhere] = useState(false);
  // The password used to sign in fails today's rule: a new one comes first (or logging out).
  const isPasswordChangeRequired = session.claims.pcr === true;

  // The server revokes the token first (this one, or every session of the account), then the
  // browser forgets it whatever the answer.
  const logout = async (everywhere = false) => {
    await logoutOnServer(everywhere);
    clearToken();
    // Nothing of this user's data may remain for the next one.
    queryClient.clear();
    clearNotifications();
    void navigate('/login', { replace: true });
  };

  // Signed in (or a signed-in page loaded): the focus starts on the main region, not the page
  // body, so the keyboard goes on from the screen's content (a dialog that opened keeps it).
  // After the next frame: focus() makes the browser compute style and layout on the spot, which
  // inside the chrome's first commit lengthened a phone's longest task (docs/performance.md); once
  // that frame is drawn both are done already.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (document.activeElement !== document.body && document.activeElement !== null) return;
        if (document.querySelector('.MuiModal-root')) return;
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const isPushed = isOpen && !isOverlay;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <TopBar
        title={route.title}
        claims={session.claims}
        isNavigating={navigation.state === 'loading'}
        onToggleDrawer={() => setOpenChoice(!isOpen)}
        onLogout={() => void logout()}
        onChangePassword={() => setChangingPassword(true)}
        onChangeEmail={() => setChangingEmail(true)}
        onLogoutEverywhere={() => setConfirmingEverywhere(true)}
      />
      <ChangePasswordDialog
        open={isChangingPassword || isPasswordChangeRequired}
        isRequired={isPasswordChangeRequired}
        onClose={() => setChangingPassword(false)}
        onLogout={() => void logout()}
      />
      <ChangeEmailDialog open={isChangingEmail} onClose={() => setChangingEmail(false)} />
      <ConfirmDialog
        isOpen={isConfirmingEverywhere}
        title="Sign out everywhere?"
        text="Every session of your account ends: this browser, your phone and any other device. Sign in again where you need to."
        confirmLabel="Sign out everywhere"
        onConfirm={() => void logout(true)}
        onClose={() => setConfirmingEverywhere(false)}
      />
      <NavDrawer
        role={session.claims.role}
        isOpen={isOpen}
        isOverlay={isOverlay}
        onClose={() => setOpenChoice(false)}
      />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          outline: 'none',
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, sm: 3 },
          ml: isPushed || isOverlay ? 0 : `-${DRAWER_WIDTH}px`,
          transition: theme.transitions.create('margin', {
            easing: theme.transitions.easing.sharp,
            duration: theme.transitions.duration.leavingScreen,
          }),
        }}
      >
        <Toolbar />
        <IdleMount>
          <NotificationsTicker />
        </IdleMount>
        <Outlet />
        <IdleMount>
          <TaskPanel />
        </IdleMount>
      </Box>
    </Box>
  );
}
