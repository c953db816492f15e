import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the scheduling data. Several screens read the same lists (the
 * job table on /import and /schedule, physicists and kits in the dropdowns and
 * the roster), so the keys live here and every mutation invalidates by them.
 */
export const schedulingKeys = {
  jobs: ['scheduling', 'jobs'] as const,
  assignments: ['scheduling', 'assignments'] as const,
  physicists: ['scheduling', 'physicists'] as const,
  kits: ['scheduling', 'kits'] as const,
  availability: ['scheduling', 'availability'] as const,
  /** Coordinates of the zips that jobs, physicists and kits use (GET /zip-data). */
  zipData: ['scheduling', 'zip-data'] as const,
};

/** Marks these scheduling lists stale, so every screen that shows one reloads it. */
export const invalidateScheduling = (
  queryClient: QueryClient,
  ...lists: (keyof typeof schedulingKeys)[]
) =>
  Promise.all(
    lists.map((list) => queryClient.invalidateQueries({ queryKey: schedulingKeys[list] })),
  );
