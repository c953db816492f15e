/**
 * Every TanStack Query key in one place. Features do not import each other,
 * yet one feature's mutation must invalidate another's data (saving the
 * appearance settings changes the active theme); a shared key makes that safe.
 */
export const queryKeys = {
  activeTheme: ['theme', 'active'] as const,
  users: ['admin', 'users'] as const,
  appearanceSettings: ['admin', 'appearance-settings'] as const,
  weights: ['admin', 'weights'] as const,
  musicTracks: ['music', 'tracks'] as const,
  musicSettings: ['music', 'settings'] as const,
};
