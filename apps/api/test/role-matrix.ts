/**
 * The committed access table (SECURITY.md): every method + route of the API with
 * the status expected for each caller. One test walks it and also fails when a
 * route exists in the OpenAPI document without a row here, or a row names a
 * route that does not exist.
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

const appearance = {
  theme: 'dark_shade',
  activeVideo: null,
  music: { mode: 'playlist', keys: ['bach_air'] },
};

/** The table itself. */
export const ROLE_MATRIX: MatrixRow[] = [
  // Public: a token is neither needed nor checked; an empty form is a validation error for everyone.
  { method: 'GET', path: '/api/v1/health', expect: publicRoute(200) },
  { method: 'POST', path: '/api/v1/token', form: {}, expect: publicRoute(400) },
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

  // Admin only (spec section 6: /admin is admin only).
  { method: 'GET', path: '/api/v1/admin/users', expect: adminOnly(200) },
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
  { method: 'GET', path: '/api/v1/admin/appearance-settings', expect: adminOnly(200) },
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
];
