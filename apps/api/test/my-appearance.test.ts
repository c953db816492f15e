import type { MyAppearance } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// Each signed-in user's own theme choice, stored on the server so it
// follows them between devices, beside the admin's theme for everyone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const mine = async (as: 'admin' | 'manager' | 'regular') => {
  const res = await call(t, 'GET', '/api/v1/me/appearance', undefined, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyAppearance>();
};
const choose = (as: 'admin' | 'manager' | 'regular', body: object) =>
  call(t, 'PUT', '/api/v1/me/appearance', body, as);

describe('GET/PUT /api/v1/me/appearance', () => {
  it("starts on the organisation's theme and answers that theme beside the choice", async () => {
    expect(await mine('regular')).toEqual({
      theme_choice: 'organisation',
      organisation_theme: 'default',
    });
  });

  it('round-trips each kind of choice for every role, each user keeping only their own', async () => {
    const put = await choose('regular', { theme_choice: 'device' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ theme_choice: 'device', organisation_theme: 'default' });
    expect((await choose('manager', { theme_choice: 'sunset' })).statusCode).toBe(200);
    expect((await choose('admin', { theme_choice: 'organisation' })).statusCode).toBe(200);

    expect((await mine('regular')).theme_choice).toBe('device');
    expect((await mine('manager')).theme_choice).toBe('sunset');
    expect((await mine('admin')).theme_choice).toBe('organisation');

    // A second choice replaces the first; the others stay as they were.
    expect((await choose('regular', { theme_choice: 'dark_shade' })).statusCode).toBe(200);
    expect((await mine('regular')).theme_choice).toBe('dark_shade');
    expect((await mine('manager')).theme_choice).toBe('sunset');
  });

  it("reports the admin's theme as it changes, without touching anyone's choice", async () => {
    const appearance = await call(
      t,
      'GET',
      '/api/v1/admin/appearance-settings',
      undefined,
      'admin',
    );
    const put = await call(
      t,
      'PUT',
      '/api/v1/admin/appearance-settings',
      { ...appearance.json<object>(), theme: 'teal_breeze' },
      'admin',
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await mine('manager')).toEqual({
      theme_choice: 'sunset',
      organisation_theme: 'teal_breeze',
    });
  });

  it('refuses an unknown choice or an extra field with a 400 naming it, storing nothing', async () => {
    const before = await mine('regular');
    const unknown = await choose('regular', { theme_choice: 'neon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ detail: string }>().detail).toContain('theme_choice');
    expect(unknown.json<{ detail: string }>().detail).toContain('organisation, device');

    const extra = await choose('regular', { theme_choice: 'device', user_id: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ detail: string }>().detail).toContain('user_id');

    expect((await choose('regular', {})).statusCode).toBe(400);
    expect(await mine('regular')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/me/appearance' });
    expect(get.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/appearance',
      payload: { theme_choice: 'device' },
    });
    expect(put.statusCode).toBe(401);
  });

  it('lists every status in the OpenAPI document, errors with their {detail} body', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Op = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    const paths = doc.json<{ paths: Record<string, Record<string, Op>> }>().paths;
    const statuses = (method: string) =>
      Object.keys(paths['/api/v1/me/appearance']?.[method]?.responses ?? {}).sort();
    expect(statuses('get')).toEqual(['200', '400', '401', '500']);
    expect(statuses('put')).toEqual(['200', '400', '401', '413', '415', '500']);
    const error = paths['/api/v1/me/appearance']?.put?.responses['400'];
    expect(JSON.stringify(error?.content?.['application/json']?.schema)).toContain('detail');
  });
});
