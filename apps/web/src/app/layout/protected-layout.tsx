import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session-store';
import { resolveAccess } from '../routes/route-access';
import { AppShell } from './app-shell';

/** Guards every screen behind the login: redirects per spec section 2, else the chrome. */
export function ProtectedLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(pathname, session?.claims.role ?? null);
  if (access.kind === 'allow' && session)
    return <AppShell route={access.route} session={session} />;
  return <Navigate to={access.kind === 'redirect' ? access.to : '/login'} replace />;
}

/** '/' and unknown paths: the role's home, or /login without a token. */
export function FallbackRedirect() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(pathname, session?.claims.role ?? null);
  return <Navigate to={access.kind === 'redirect' ? access.to : '/login'} replace />;
}
