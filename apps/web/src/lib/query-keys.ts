/**
 * Every TanStack Query key in one place. Features do not import each other,
 * yet one feature's mutation must invalidate another's data (saving the
 * appearance settings changes the active theme); a shared key makes that safe.
 */
export const queryKeys = {
  activeTheme: ['theme', 'active'] as const,
  /** GET /auth/me: the signed-in account and its capabilities (login and logout clear the cache). */
  currentUser: ['auth', 'me'] as const,
  users: ['admin', 'users'] as const,
  appearanceSettings: ['admin', 'appearance-settings'] as const,
  weights: ['admin', 'weights'] as const,
  backgrounds: ['admin', 'backgrounds'] as const,
  /** The login landing's video (public). */
  activeBackground: ['backgrounds', 'active'] as const,
  musicTracks: ['music', 'tracks'] as const,
  musicSettings: ['music', 'settings'] as const,
  /** Queued and running optimisation and comparison tasks; SSE events patch it. */
  activeTasks: ['tasks', 'active'] as const,
  /** Prefix of every analytics query: a finished optimisation invalidates them all. */
  analytics: ['analytics'] as const,
  analyticsSummary: ['analytics', 'summary'] as const,
  /** A comparison's streamed results, written only by its SSE stream (no queryFn). */
  comparison: (taskId: string) => ['comparison', taskId] as const,
};
