import type { QueryClient } from '@tanstack/react-query';

/**
 * Every TanStack Query key in one place. Features do not import each other,
 * yet one feature's mutation must invalidate another's data (saving the
 * appearance settings changes the active theme; a roster change changes the
 * job table); a shared key makes that safe.
 */
export const queryKeys = {
  /** GET /me/appearance: the user's own theme choice beside the organisation's theme. */
  myAppearance: ['me', 'appearance'] as const,
  /** GET /auth/me: the signed-in account and its capabilities (login and logout clear the cache). */
  currentUser: ['auth', 'me'] as const,
  users: ['admin', 'users'] as const,
  appearanceSettings: ['admin', 'appearance-settings'] as const,
  weights: ['admin', 'weights'] as const,
  backgrounds: ['admin', 'backgrounds'] as const,
  /** The login landing's video (public). */
  activeBackground: ['backgrounds', 'active'] as const,
  /** Whether the sign-in page offers Register (public). */
  registrationStatus: ['auth', 'registration'] as const,
  musicTracks: ['music', 'tracks'] as const,
  musicSettings: ['music', 'settings'] as const,
  musicUploads: ['admin', 'music', 'uploads'] as const,
  /** Queued and running optimisation and comparison tasks; SSE events patch it. */
  activeTasks: ['tasks', 'active'] as const,
  /** Prefix of every analytics query: a finished optimisation invalidates them all. */
  analytics: ['analytics'] as const,
  analyticsSummary: ['analytics', 'summary'] as const,
  /** Per-physicist breakdown of F (jobs against fair share, miles, repeats). */
  physicistBreakdown: ['analytics', 'physicists'] as const,
  /** Why a job's slots hold whom (under 'scheduling', so every plan change makes it stale). */
  explanation: (jobId: number) => ['scheduling', 'explain', jobId] as const,
  /** GET /proposals/{id}: a what-if's or preview run's proposal. */
  proposal: (id: number) => ['proposals', id] as const,
  /** The proposal a what-if or preview task made, written only by its SSE stream (no queryFn). */
  proposalOfTask: (taskId: string) => ['proposals', 'of-task', taskId] as const,
  /** A comparison's streamed results, written only by its SSE stream (no queryFn). */
  comparison: (taskId: string) => ['comparison', taskId] as const,
  // The scheduling lists: several screens read each (the job table on /import and
  // /schedule, physicists and kits in the dropdowns and the roster).
  jobs: ['scheduling', 'jobs'] as const,
  assignments: ['scheduling', 'assignments'] as const,
  /** GET /runs: under the assignments key, so whatever rewrites the plan refreshes the history too. */
  runs: ['scheduling', 'assignments', 'runs'] as const,
  /** GET /runs/{id}: one run with the slots it changed. */
  run: (id: number) => ['scheduling', 'assignments', 'runs', id] as const,
  physicists: ['scheduling', 'physicists'] as const,
  kits: ['scheduling', 'kits'] as const,
  availability: ['scheduling', 'availability'] as const,
  /** GET /plan/window: today in the organisation's time zone and the published-through date. */
  planWindow: ['scheduling', 'plan-window'] as const,
  /** GET /plan/publish-preview: under the window's key, so a publish or a plan change makes it stale. */
  publishPreview: (through: string) => ['scheduling', 'plan-window', 'preview', through] as const,
  /** Coordinates of the zips that jobs, physicists and kits use (GET /zip-data). */
  zipData: ['scheduling', 'zip-data'] as const,
  /** GET /me/schedule: the signed-in user's own assignments (changes with the job list). */
  mySchedule: ['me', 'schedule'] as const,
  /** GET /me/calendar: whether the user's calendar feed is live. */
  calendarFeed: ['me', 'calendar'] as const,
  /** GET /me/preferences: the days the signed-in user's physicist would rather not work. */
  myPreferences: ['me', 'preferences'] as const,
  /** GET /preferences: every physicist's stated preferences (the timeline's hatch, managers). */
  preferences: ['scheduling', 'preferences'] as const,
  /** GET /me/notice-settings: how the user's notices reach their e-mail. */
  noticeSettings: ['me', 'notice-settings'] as const,
  /** GET /admin/mail: whether the server sends e-mail, and how deliveries stand. */
  mailStatus: ['admin', 'mail'] as const,
  /** GET /notifications: the signed-in user's notifications; the stream invalidates it. */
  notifications: ['notifications'] as const,
  /** GET /me/leave-requests: under the notifications key, so a notice (a decision) reloads it. */
  myLeaveRequests: ['notifications', 'my-leave-requests'] as const,
  /** GET /me/offers: under the notifications key, so a notice (an offer, a decision) reloads it. */
  myOffers: ['notifications', 'my-offers'] as const,
  /** GET /admin/settings/swap-approval: whether swaps are approved without a manager. */
  swapApproval: ['admin', 'swap-approval'] as const,
  /** GET /requests: the managers' inbox and the top bar's pending count. */
  requests: ['requests'] as const,
  /** GET /requests/{id}/impact: under 'scheduling', so every plan change makes it stale. */
  requestImpact: (id: number) => ['scheduling', 'request-impact', id] as const,
  /** GET /admin/users/link-suggestions. */
  linkSuggestions: ['admin', 'users', 'link-suggestions'] as const,
  /** The US outline bundled with the app (no request leaves the browser). */
  usShapes: ['map', 'us-shapes'] as const,
};

/** The scheduling lists a mutation can make stale, by their key's name. */
export const SCHEDULING_LISTS = [
  'jobs',
  'assignments',
  'physicists',
  'kits',
  'availability',
  'zipData',
] as const;
/** One of SCHEDULING_LISTS. */
export type SchedulingList = (typeof SCHEDULING_LISTS)[number];

/** Marks these scheduling lists stale, so every screen that shows one reloads it. */
export const invalidateScheduling = (queryClient: QueryClient, ...lists: SchedulingList[]) =>
  Promise.all(lists.map((list) => queryClient.invalidateQueries({ queryKey: queryKeys[list] })));
