import type { CurrentUser } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let plainToken: string;

beforeAll(async () => {
  // regular1 is a kit editor here (matched case-insensitively); plain1 is an ordinary regular user.
  t = await createTestApp({ config: { kitEditorUsernames: ['Regular1'] } });
  await t.app.services.users.create({
    username: 'plain1',
    email: 'plain1@example.org',
    password: 'plain-password-1',
    role: 'regular',
  });
  plainToken = await t.login('plain1', 'plain-password-1');
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: t.bearer(token) });

describe('GET /api/v1/auth/me', () => {
  it('answers username, role and the kit-editor capability of each account', async () => {
    const answers: CurrentUser[] = [];
    for (const token of [t.tokens.admin, t.tokens.manager, t.tokens.regular, plainToken]) {
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      answers.push(res.json<CurrentUser>());
    }
    expect(answers).toEqual([
      { username: 'admin1', email: 'admin1@example.org', role: 'admin', can_edit_kits: true },
      { username: 'manager1', email: 'manager1@example.org', role: 'manager', can_edit_kits: true },
      { username: 'regular1', email: 'regular1@example.org', role: 'regular', can_edit_kits: true },
      { username: 'plain1', email: 'plain1@example.org', role: 'regular', can_edit_kits: false },
    ]);
  });

  it('agrees with the kit routes: can_edit_kits is exactly who PUT /kits/{id} lets through', async () => {
    for (const token of [t.tokens.manager, t.tokens.regular, plainToken]) {
      const capability = (await me(token)).json<CurrentUser>().can_edit_kits;
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/kits/999999',
        headers: t.bearer(token),
        payload: { current_location_zip: '10001', is_out_for_maintenance: false, comments: '' },
      });
      // 404 (no such kit) means the guard let the caller in; 403 means it did not.
      expect(put.statusCode).toBe(capability ? 404 : 403);
    }
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.statusCode).toBe(401);
  });
});
