import type { Role } from '@meridian/domain';

/** One screen behind the login: where it lives, its title and who may open it. */
export interface AppRoute {
  path: string;
  title: string;
  /** The drawer's label for the entry. */
  navLabel: string;
  roles: readonly Role[];
}

const SCHEDULERS: readonly Role[] = ['admin', 'manager'];
const EVERYONE: readonly Role[] = ['admin', 'manager', 'regular'];

/** The screens in drawer order. Add a screen here, in route-modules.ts and in nav-icons.tsx. */
export const APP_ROUTES: readonly AppRoute[] = [
  // One's own jobs, first in the drawer for every role (each role's home stays as it was).
  { path: '/my-schedule', title: 'My schedule', navLabel: 'My schedule', roles: EVERYONE },
  { path: '/import', title: 'Data Management', navLabel: 'Data Management', roles: SCHEDULERS },
  {
    path: '/schedule',
    title: 'Job Ingestion & Review',
    navLabel: 'Job Ingestion & Review',
    roles: SCHEDULERS,
  },
  // Not in the spec's drawer list: roster management, added for schedulers.
  { path: '/roster', title: 'Roster', navLabel: 'Roster', roles: SCHEDULERS },
  // The managers' inbox of leave requests and swaps.
  { path: '/requests', title: 'Requests', navLabel: 'Requests', roles: SCHEDULERS },
  { path: '/assignments', title: 'Assignments', navLabel: 'Assignments', roles: EVERYONE },
  // The plan as a timeline of people and kits, for every role.
  { path: '/timeline', title: 'Timeline', navLabel: 'Timeline', roles: EVERYONE },
  { path: '/kits', title: 'Kit Management', navLabel: 'Kit Management', roles: EVERYONE },
  { path: '/analytics', title: 'Analytics', navLabel: 'Analytics', roles: EVERYONE },
  // The map is the analytics dashboard's panel full screen, so whoever sees analytics sees it.
  { path: '/map', title: 'Map', navLabel: 'Map', roles: EVERYONE },
  {
    path: '/unavailability',
    title: 'Unavailabilities',
    navLabel: 'Unavailabilities',
    roles: EVERYONE,
  },
  { path: '/about', title: 'About', navLabel: 'About', roles: EVERYONE },
  { path: '/admin', title: 'Admin', navLabel: 'Admin', roles: ['admin'] },
];

export const LOGIN_PATH = '/login';
/** Where a role that may not open a screen is sent: a screen every role may open. */
export const FORBIDDEN_FALLBACK_PATH = '/assignments';
