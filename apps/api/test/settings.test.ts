import { DEFAULT_WEIGHTS, MAX_WEIGHT, MUSIC_TRACK_KEYS } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: t.bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('appearance, theme and music', () => {
  it('starts from defaults', async () => {
    expect((await call('GET', '/api/v1/theme/active', t.tokens.regular)).json()).toEqual({
      theme_name: 'default',
    });
    const appearance: unknown = (
      await call('GET', '/api/v1/admin/appearance-settings', t.tokens.admin)
    ).json();
    expect(appearance).toEqual({
      theme: 'default',
      activeVideo: null,
      music: { mode: 'playlist', keys: MUSIC_TRACK_KEYS, station: null },
    });
  });

  it('saves appearance and every role sees the theme and music choice', async () => {
    const station = { url: 'https://radio.example.org/classical', name: 'Example Classical' };
    const body = {
      theme: 'sunset',
      activeVideo: null,
      music: { mode: 'radio', keys: ['pachelbel_canon', 'pachelbel_canon'], station },
    };
    const put = await call('PUT', '/api/v1/admin/appearance-settings', t.tokens.admin, body);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      ...body,
      music: { mode: 'radio', keys: ['pachelbel_canon'], station },
    });
    expect((await call('GET', '/api/v1/theme/active', t.tokens.manager)).json()).toEqual({
      theme_name: 'sunset',
    });
    const music: unknown = (await call('GET', '/api/v1/music/settings', t.tokens.regular)).json();
    // Radio plays the station; the built-in piece has no file address (the browser synthesises it).
    expect(music).toEqual({
      mode: 'radio',
      keys: ['pachelbel_canon'],
      station,
      urls: {},
      url: station.url,
      name: station.name,
    });
  });

  it('refuses unknown themes, unknown track keys and videos that are not stored', async () => {
    const base = {
      theme: 'default',
      activeVideo: null,
      music: { mode: 'playlist', keys: [] },
    } as const;
    const theme = await call('PUT', '/api/v1/admin/appearance-settings', t.tokens.admin, {
      ...base,
      theme: 'neon',
    });
    expect(theme.statusCode).toBe(400);
    expect(theme.json<{ detail: string }>().detail).toMatch(/theme/);
    const track = await call('PUT', '/api/v1/admin/appearance-settings', t.tokens.admin, {
      ...base,
      music: { mode: 'playlist', keys: ['../../etc/passwd'] },
    });
    expect(track.statusCode).toBe(400);
    const video = await call('PUT', '/api/v1/admin/appearance-settings', t.tokens.admin, {
      ...base,
      activeVideo: '../x.mp4',
    });
    expect(video.statusCode).toBe(400);
    const missing = await call('PUT', '/api/v1/admin/appearance-settings', t.tokens.admin, {
      ...base,
      activeVideo: 'waves-0a1b2c3d.mp4',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ detail: string }>().detail).toBe(
      "Invalid body field 'activeVideo': no background video named 'waves-0a1b2c3d.mp4'",
    );
  });

  it('lists the built-in pieces by key and serves no file for them', async () => {
    const tracks = (await call('GET', '/api/v1/music/tracks', t.tokens.regular)).json<
      Record<string, string>
    >();
    expect(tracks.pachelbel_canon).toBe('Pachelbel: Canon in D');
    const file = await t.app.inject({ method: 'GET', url: '/media/music/pachelbel_canon.mp3' });
    expect(file.statusCode).toBe(404);
  });
});

describe('optimizer weights', () => {
  it('defaults to DEFAULT_WEIGHTS and saves new values', async () => {
    expect((await call('GET', '/api/v1/admin/settings/weights', t.tokens.admin)).json()).toEqual(
      DEFAULT_WEIGHTS,
    );
    const weights = { job_balance: 1, proximity: 0, staff_rotation: 0.35 };
    // A body with the spec's three keeps the stability and preference weights as saved.
    const saved = { ...weights, stability: DEFAULT_WEIGHTS.stability, preference: 1 };
    expect(
      (await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, weights)).json(),
    ).toEqual(saved);
    expect((await call('GET', '/api/v1/admin/settings/weights', t.tokens.admin)).json()).toEqual(
      saved,
    );
    const all = { ...weights, stability: 2.5, preference: 0 };
    expect(
      (await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, all)).json(),
    ).toEqual(all);
    expect(
      (await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, weights)).json(),
    ).toEqual(all);
  });

  it.each([
    [{ job_balance: -0.1, proximity: 0.5, staff_rotation: 0.2 }, /job_balance/],
    [{ job_balance: 0.3, proximity: 'abc', staff_rotation: 0.2 }, /proximity/],
    [{ job_balance: 0.3, proximity: 0.5 }, /staff_rotation/],
    [{ job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2, extra: 1 }, /extra|Unrecognized/i],
    [{ job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2, stability: -1 }, /stability/],
    [{ job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2, preference: 'x' }, /preference/],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(field);
  });

  it('caps each weight at MAX_WEIGHT so the coverage term always dominates', async () => {
    expect(MAX_WEIGHT).toBe(1000);
    const before: unknown = (
      await call('GET', '/api/v1/admin/settings/weights', t.tokens.admin)
    ).json();
    for (const [field, value] of [
      ['proximity', 1e308],
      ['job_balance', 1000.05],
      ['staff_rotation', 5000],
      ['stability', 1001],
    ] as const) {
      const body = { job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2, [field]: value };
      const res = await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toBe(
        `Invalid body field '${field}': must be at most 1000`,
      );
    }
    expect((await call('GET', '/api/v1/admin/settings/weights', t.tokens.admin)).json()).toEqual(
      before,
    );
    const top = {
      job_balance: 1000,
      proximity: 1000,
      staff_rotation: 1000,
      stability: 1000,
      preference: 1000,
    };
    const res = await call('PUT', '/api/v1/admin/settings/weights', t.tokens.admin, top);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(top);
  });
});
