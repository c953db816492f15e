/**
 * The committed access table (docs/security.md): every method + route of the API with
 * the status expected for each caller. One test walks it and also fails when a
 * route is registered without a row here (hidden from the OpenAPI document or
 * not, except the public non-API routes allow-listed in role-matrix.test.ts),
 * or a row names a route that does not exist.
 *
 * Adding a route: add a row with its OpenAPI path ({param} style), a request
 * that is valid enough to reach the handler for the allowed roles, and the
 * status each caller gets. Rows run in file order against one app, callers in
 * the order none, bad, regular, manager, admin, so keep admin requests
 * harmless (e.g. ids that do not exist: 404 still proves access was granted).
 */

/** Who calls: no token, a forged/invalid token, or a valid token of each role. */
export type Caller = 'none' | 'bad' | 'regular' | 'manager' | 'admin';

/** One row: the request and the status per caller. */
export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI-style path, exactly as registered, e.g. /api/v1/admin/users/{id}. */
  path: string;
  /** Values for {params}; default 999999 for any param not given. */
  params?: Record<string, string>;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (sent instead of body). */
  form?: Record<string, string>;
  /** Query string values. */
  query?: Record<string, string>;
  /** One file sent as multipart/form-data in the field `file` (instead of body). */
  file?: { name: string; content: string };
  /** An endless event stream: only its status is read, then the connection is dropped. */
  stream?: true;
  expect: Record<Caller, number>;
}

const publicRoute = (status: number): Record<Caller, number> => ({
  none: status,
  bad: status,
  regular: status,
  manager: status,
  admin: status,
});
const signedIn = (status: number): Record<Caller, number> => ({
  none: 401,
  bad: 401,
  regular: status,
  manager: status,
  admin: status,
});
const adminOnly = (status: number): Record<Caller, number> => ({
  none: 401,
  bad: 401,
  regular: 403,
  manager: 403,
  admin: status,
});

const managers = (status: number): Record<Caller, number> => ({
  none: 401,
  bad: 401,
  regular: 403,
  manager: status,
  admin: status,
});

const appearance = {
  theme: 'dark_shade',
  activeVideo: null,
  music: { mode: 'playlist', keys: ['pachelbel_canon'] },
};

/** The table itself. */
export const ROLE_MATRIX: MatrixRow[] = [
  // Public: a token is neither needed nor checked; an empty form is a validation error for everyone.
  { method: 'GET', path: '/api/v1/health', expect: publicRoute(200) },
  { method: 'GET', path: '/api/v1/backgrounds/active', expect: publicRoute(200) },
  { method: 'POST', path: '/api/v1/token', form: {}, expect: publicRoute(400) },
  { method: 'GET', path: '/api/v1/auth/registration', expect: publicRoute(200) },
  {
    method: 'POST',
    path: '/api/v1/auth/register',
    body: { username: 'x' },
    expect: publicRoute(400),
  },

  // Any signed-in role.
  { method: 'GET', path: '/api/v1/theme/active', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/music/settings', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/music/tracks', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/auth/me', expect: signedIn(200) },
  // Account self-service: requests that reach validation but change nothing, so
  // the matrix's own tokens live on (a real logout or change is in account-sessions.test.ts).
  {
    method: 'POST',
    path: '/api/v1/auth/logout',
    query: { everywhere: 'maybe' },
    expect: signedIn(400),
  },
  {
    method: 'PUT',
    path: '/api/v1/me/password',
    body: { current_password: 'x', new_password: 'short' },
    expect: signedIn(400),
  },
  {
    method: 'PUT',
    path: '/api/v1/me/email',
    body: { current_password: 'x', email: 'not-an-address' },
    expect: signedIn(400),
  },
  // One's own schedule, calendar feed and notifications. The matrix's users are not
  // linked to physicists: an empty schedule, and no feed for an unlinked account (409).
  { method: 'GET', path: '/api/v1/me/schedule', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/me/calendar', expect: signedIn(200) },
  { method: 'POST', path: '/api/v1/me/calendar', expect: signedIn(409) },
  { method: 'DELETE', path: '/api/v1/me/calendar', expect: signedIn(204) },
  // The secret in the URL is the credential: calendar apps send no token.
  {
    method: 'GET',
    path: '/api/v1/calendar/{file}',
    params: { file: 'x.ics' },
    expect: publicRoute(404),
  },
  { method: 'GET', path: '/api/v1/notifications', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/notifications/stream', stream: true, expect: signedIn(200) },
  { method: 'POST', path: '/api/v1/notifications/{id}/read', expect: signedIn(404) },
  { method: 'POST', path: '/api/v1/notifications/notify-affected', expect: managers(200) },
  {
    method: 'POST',
    path: '/api/v1/notifications/notify-all',
    body: { message: 'Role matrix test' },
    expect: managers(200),
  },
  // How one's notices reach one's e-mail.
  { method: 'GET', path: '/api/v1/me/notice-settings', expect: signedIn(200) },
  // One's own theme choice.
  { method: 'GET', path: '/api/v1/me/appearance', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/v1/me/appearance',
    body: { theme_choice: 'device' },
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    path: '/api/v1/me/notice-settings',
    body: { email_on: true, delivery: 'immediate' },
    expect: signedIn(200),
  },

  // Admin only, as the /admin screen is.
  { method: 'GET', path: '/api/v1/admin/users', expect: adminOnly(200) },
  { method: 'GET', path: '/api/v1/admin/mail', expect: adminOnly(200) },
  // The embedded database is archived by the server; on PostgreSQL the admin is told to use pg_dump.
  {
    method: 'GET',
    path: '/api/v1/admin/backup',
    expect: adminOnly(process.env.TEST_DB === 'postgres' ? 409 : 200),
  },
  { method: 'GET', path: '/api/v1/admin/users/link-suggestions', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/v1/admin/users',
    body: {
      username: 'matrix-new',
      email: 'matrix-new@example.org',
      password: 'matrix-pass-1',
      role: 'regular',
    },
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/users/{id}',
    body: { role: 'manager' },
    expect: adminOnly(404),
  },
  { method: 'DELETE', path: '/api/v1/admin/users/{id}', expect: adminOnly(404) },
  {
    method: 'POST',
    path: '/api/v1/admin/users/{id}/password',
    body: { new_password: 'another-pass-1' },
    expect: adminOnly(404),
  },
  { method: 'GET', path: '/api/v1/admin/settings/swap-approval', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/v1/admin/settings/swap-approval',
    body: { is_automatic: false, max_f_increase: 1 },
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/v1/admin/appearance-settings', expect: adminOnly(200) },
  { method: 'GET', path: '/api/v1/admin/backgrounds', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/v1/admin/backgrounds/upload',
    // Not a video: the admin's 415 proves access without storing anything.
    file: { name: 'clip.mp4', content: 'not a video' },
    expect: adminOnly(415),
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/backgrounds/{name}',
    params: { name: 'absent-00000000.mp4' },
    expect: adminOnly(404),
  },
  { method: 'GET', path: '/api/v1/admin/music/uploads', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/v1/admin/music/upload',
    // Not audio: the admin's 400 proves access without storing anything.
    file: { name: 'song.mp3', content: 'not audio' },
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/music/uploads/{key}',
    params: { key: 'absent-00000000.mp3' },
    expect: adminOnly(404),
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/appearance-settings',
    body: appearance,
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/v1/admin/settings/weights', expect: adminOnly(200) },
  {
    method: 'PUT',
    path: '/api/v1/admin/settings/weights',
    body: { job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2 },
    expect: adminOnly(200),
  },

  // Scheduling data: any signed-in role reads; admins and managers change.
  // Writes use ids that do not exist or refused input, so the table leaves no data behind.
  { method: 'GET', path: '/api/v1/jobs/', expect: signedIn(200) },
  { method: 'POST', path: '/api/v1/jobs/', expect: managers(201) },
  {
    method: 'PUT',
    path: '/api/v1/jobs/{id}',
    body: {
      version: 1,
      customer: 'x',
      location: '',
      zip_code: '',
      package: '',
      start: null,
      end: null,
      reason: '',
    },
    expect: managers(404),
  },
  { method: 'DELETE', path: '/api/v1/jobs/{id}', expect: managers(404) },
  { method: 'GET', path: '/api/v1/assignments/', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/assignments/manual',
    body: { job_id: 999999, role: 'lead', physicist_id: null },
    expect: managers(404),
  },
  // Explanations for every role; locks for managers (unknown job: 404 proves access).
  { method: 'GET', path: '/api/v1/assignments/{job_id}/explain', expect: signedIn(404) },
  {
    method: 'PUT',
    path: '/api/v1/assignments/{job_id}/pins',
    body: { lead: false, data_acq: false, kit: false },
    expect: managers(404),
  },
  { method: 'POST', path: '/api/v1/analyze/', expect: managers(200) },
  { method: 'GET', path: '/api/v1/physicists/', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/physicists/',
    body: { name: 'Matrix Person', role: 'lead', home_zip: '00001' },
    expect: managers(400),
  },
  {
    method: 'PUT',
    path: '/api/v1/physicists/{id}',
    body: { name: 'Matrix Person', role: 'lead', home_zip: '10001' },
    expect: managers(404),
  },
  { method: 'DELETE', path: '/api/v1/physicists/{id}', expect: managers(404) },
  // Preferences. The matrix's users are not linked: 409 for their own.
  { method: 'GET', path: '/api/v1/me/preferences', expect: signedIn(409) },
  {
    method: 'PUT',
    path: '/api/v1/me/preferences',
    body: { avoid_dates: [], avoid_weekdays: [] },
    expect: signedIn(409),
  },
  { method: 'GET', path: '/api/v1/preferences', expect: managers(200) },
  { method: 'GET', path: '/api/v1/physicists/{id}/preferences', expect: managers(404) },
  {
    method: 'POST',
    path: '/api/v1/physicists/import',
    file: { name: 'physicists.csv', content: 'name,role,home_zip\r\n' },
    expect: managers(200),
  },
  { method: 'GET', path: '/api/v1/zip-data', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/kits/', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/kits/',
    body: { name: 'Matrix Kit', current_location_zip: '00001' },
    expect: managers(400),
  },
  {
    method: 'PUT',
    path: '/api/v1/kits/{id}',
    body: { current_location_zip: '10001', is_out_for_maintenance: false, comments: '' },
    // Regular users only with KIT_EDITOR_USERNAMES (tested in scheduling-roster.test.ts, 'kits').
    expect: managers(404),
  },
  { method: 'DELETE', path: '/api/v1/kits/{id}', expect: managers(404) },
  {
    method: 'POST',
    path: '/api/v1/kits/manual_override',
    body: { job_id: 999999, kit_id: null },
    expect: managers(404),
  },
  {
    method: 'POST',
    path: '/api/v1/kits/import',
    file: { name: 'kits.csv', content: 'name,current_location_zip\r\n' },
    expect: managers(200),
  },
  { method: 'GET', path: '/api/v1/availability/', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/availability/',
    body: { physicist_name: 'Nobody Here', start_date: '2026-01-05', end_date: '2026-01-06' },
    expect: managers(400),
  },
  { method: 'DELETE', path: '/api/v1/availability/{id}', expect: managers(404) },
  {
    method: 'POST',
    path: '/api/v1/schedules/upload',
    // A header without rows is refused (422): access is proven and nothing is replaced.
    file: { name: 'schedule.csv', content: 'customer,start\r\n' },
    expect: managers(422),
  },
  {
    method: 'GET',
    path: '/api/v1/export',
    // assignments and unavailability are open to every role (scheduling-roster.test.ts, 'exports ...').
    query: { page: 'datamanagement', format: 'csv' },
    expect: managers(200),
  },

  // Tasks, optimisation, kit assignment and analytics. Starts use refused input
  // (unknown algorithm keys: 400 proves access), so the table queues no work.
  { method: 'GET', path: '/api/v1/tasks/active', expect: signedIn(200) },
  // Owner, manager or admin may cancel; an unknown id is 404 for everyone signed in.
  { method: 'DELETE', path: '/api/v1/tasks/{id}', expect: signedIn(404) },
  {
    method: 'POST',
    path: '/api/v1/optimize/assign',
    query: { algorithm: 'no_such_algorithm' },
    expect: managers(400),
  },
  { method: 'GET', path: '/api/v1/optimize/stream/{id}', expect: signedIn(404) },
  // What-if: a physicist id that does not exist is 404 once access is granted.
  {
    method: 'POST',
    path: '/api/v1/optimize/what-if',
    body: { physicist_id: 999999, start: '2027-01-04', end: '2027-01-08' },
    expect: managers(404),
  },
  { method: 'GET', path: '/api/v1/optimize/what-if/stream/{id}', expect: signedIn(404) },
  { method: 'GET', path: '/api/v1/plan/window', expect: signedIn(200) },
  {
    method: 'GET',
    path: '/api/v1/plan/publish-preview',
    query: { through: '2026-06-30' },
    expect: managers(200),
  },
  // Publishing is forward-only and answers 200 again for the same date.
  {
    method: 'POST',
    path: '/api/v1/plan/publish',
    body: { through: '2026-06-30' },
    expect: managers(200),
  },
  // Leave requests: asking needs an account linked to a physicist (none of the
  // matrix's are: 409 once access is granted); the inbox and decisions are for managers.
  { method: 'GET', path: '/api/v1/me/leave-requests', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/me/leave-requests',
    body: { start: '2027-06-01', end: '2027-06-02', note: '' },
    expect: signedIn(409),
  },
  { method: 'POST', path: '/api/v1/me/leave-requests/{id}/withdraw', expect: signedIn(404) },
  { method: 'GET', path: '/api/v1/requests', expect: managers(200) },
  { method: 'GET', path: '/api/v1/requests/{id}/impact', expect: managers(404) },
  { method: 'POST', path: '/api/v1/requests/{id}/approve', body: {}, expect: managers(404) },
  {
    method: 'POST',
    path: '/api/v1/requests/{id}/decline',
    body: { reason: 'No' },
    expect: managers(404),
  },
  // Swaps and covers: offering and accepting need an account linked to a
  // physicist (none of the matrix's are: 409 once access is granted); an unknown offer is 404.
  { method: 'GET', path: '/api/v1/me/offers', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/me/offers',
    body: { job_id: 999999, slot: 'lead', note: '' },
    expect: signedIn(409),
  },
  { method: 'POST', path: '/api/v1/me/offers/{id}/withdraw', expect: signedIn(404) },
  { method: 'POST', path: '/api/v1/offers/{id}/accept', expect: signedIn(409) },
  { method: 'GET', path: '/api/v1/proposals/{id}', expect: managers(404) },
  { method: 'POST', path: '/api/v1/proposals/{id}/apply', expect: managers(404) },
  { method: 'DELETE', path: '/api/v1/proposals/{id}', expect: managers(404) },
  { method: 'POST', path: '/api/v1/kits/assign', expect: managers(200) },
  // Plan revisions: reading is open to every role; undo and replay are for
  // admins and managers (an unknown run is 404 once access is granted).
  { method: 'GET', path: '/api/v1/runs', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/runs/{id}', expect: signedIn(404) },
  { method: 'POST', path: '/api/v1/runs/{id}/restore', body: {}, expect: managers(404) },
  { method: 'POST', path: '/api/v1/runs/{id}/replay', expect: managers(404) },
  { method: 'GET', path: '/api/v1/analytics/summary', expect: signedIn(200) },
  { method: 'GET', path: '/api/v1/analytics/physicists', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/v1/analytics/compare_algorithms',
    query: { algorithms: 'no_such_algorithm' },
    expect: signedIn(400),
  },
  { method: 'GET', path: '/api/v1/analytics/compare_stream/{id}', expect: signedIn(404) },
  { method: 'DELETE', path: '/api/v1/analytics/compare/{id}', expect: signedIn(404) },
  {
    method: 'POST',
    path: '/api/v1/analytics/run_single_algorithm',
    body: { algorithm: 'no_such_algorithm' },
    expect: signedIn(400),
  },
];
