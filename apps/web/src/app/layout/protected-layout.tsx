import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';
import { resolveAccess } from '../routes/route-access';
import { SignedInPlaceholder } from './signed-in-placeholder';

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
      // The placeholder is also the page the build paints first (signed-in-placeholder.tsx).
      <Suspense fallback={<SignedInPlaceholder title={access.route.title} />}>
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
