import { canManageSchedule, type Role } from '@meridian/domain';
import {
  APP_ROUTES,
  FORBIDDEN_FALLBACK_PATH,
  LOGIN_PATH,
  type AppRoute,
} from './route-definitions';

/** A role's landing page: /import for admin and manager, /assignments otherwise. */
export function homeFor(role: Role): string {
  return canManageSchedule(role) ? '/import' : '/assignments';
}

/** The screen at a path (trailing slash ignored), or undefined for an unknown path. */
export function findRoute(pathname: string): AppRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.find((route) => route.path === normalized);
}

/** Whether a role may open a screen. */
export function canOpen(route: AppRoute, role: Role): boolean {
  return route.roles.includes(role);
}

/** The drawer entries of a role, in drawer order. */
export function navEntriesFor(role: Role): AppRoute[] {
  return APP_ROUTES.filter((route) => canOpen(route, role));
}

export type Access =
  { kind: 'allow'; route: AppRoute } | { kind: 'public' } | { kind: 'redirect'; to: string };

/**
 * Decides what a visitor sees at a path: no token goes to /login; '/' and
 * unknown paths go to the role's home; a screen the role may not open goes to
 * /assignments; a signed-in visitor at /login goes home.
 */
export function resolveAccess(pathname: string, role: Role | null): Access {
  if (pathname === LOGIN_PATH) {
    return role ? { kind: 'redirect', to: homeFor(role) } : { kind: 'public' };
  }
  if (!role) return { kind: 'redirect', to: LOGIN_PATH };
  const route = findRoute(pathname);
  if (!route) return { kind: 'redirect', to: homeFor(role) };
  if (!canOpen(route, role)) return { kind: 'redirect', to: FORBIDDEN_FALLBACK_PATH };
  return { kind: 'allow', route };
}
