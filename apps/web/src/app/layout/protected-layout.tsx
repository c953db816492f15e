import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useSession } from '../../lib/session-store';
import { resolveAccess } from '../routes/route-access';

// The signed-in chrome (top bar, drawer, music, notifications, theme menu) is
// its own chunk, so the sign-in page does not download it (docs/performance.md).
const AppShell = lazy(() => import('./app-shell').then(({ AppShell }) => ({ default: AppShell })));

/** Guards every screen behind the login: redirects as route-access.ts decides, else the chrome. */
export function ProtectedLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(pathname, session?.claims.role ?? null);
  if (access.kind === 'allow' && session)
    return (
      <Suspense
        fallback={
          <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}>
            <LinearProgress aria-label="Loading" />
          </Box>
        }
      >
        <AppShell route={access.route} session={session} />
      </Suspense>
    );
  return <Navigate to={access.kind === 'redirect' ? access.to : '/login'} replace />;
}

/** '/' and unknown paths: the role's home, or /login without a token. */
export function FallbackRedirect() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(pathname, session?.claims.role ?? null);
  return <Navigate to={access.kind === 'redirect' ? access.to : '/login'} replace />;
}
