import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySchedule } from '@meridian/contracts';
import { ApiError } from '../api-client';
import { TOKEN_STORAGE_KEY } from '../session';
import { clearToken, setToken } from '../session-store';
import { getMySchedule } from './get-my-schedule';
import { unsignedToken } from '../../test/unsigned-token';

const token = (sub: string) => unsignedToken(sub, 'regular');

const ADA: MySchedule = {
  physicist: { id: 7, name: 'Ada Grant' },
  entries: [
    {
      job_id: 3,
      customer: 'Mercy Hospital',
      location: 'Pittsburgh',
      zip_code: '15212',
      start: '2026-12-02',
      end: '2026-12-03',
      slot: 'lead',
      partner: 'Bo Lee',
      kit: 'Kit 01',
      miles_from_home: 12.5,
      phase: 'published',
    },
  ],
};

let store: Map<string, string>;
const online = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(ADA))),
  );
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
const refusing = (status: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ detail: 'No' }, { status }))),
  );

beforeEach(() => {
  store = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  store.set(TOKEN_STORAGE_KEY, token('ada'));
});
afterEach(() => vi.unstubAllGlobals());

describe('My schedule without a network', () => {
  it('answers the last schedule read, with when it was read, once the server cannot be reached', async () => {
    online();
    expect(await getMySchedule()).toEqual({ ...ADA, offlineAsOf: null });
    offline();
    const kept = await getMySchedule();
    expect(kept.entries).toEqual(ADA.entries);
    expect(Number.isNaN(Date.parse(kept.offlineAsOf ?? ''))).toBe(false);
  });

  it('fails offline when nothing was read before', async () => {
    offline();
    await expect(getMySchedule()).rejects.toThrow(TypeError);
  });

  it("never answers another user's copy", async () => {
    online();
    await getMySchedule();
    store.set(TOKEN_STORAGE_KEY, token('bo'));
    offline();
    await expect(getMySchedule()).rejects.toThrow(TypeError);
  });

  it('forgets the copy at logout and at the next sign-in', async () => {
    online();
    await getMySchedule();
    clearToken();
    store.set(TOKEN_STORAGE_KEY, token('ada'));
    offline();
    await expect(getMySchedule()).rejects.toThrow(TypeError);
    online();
    await getMySchedule();
    setToken(token('ada'));
    offline();
    await expect(getMySchedule()).rejects.toThrow(TypeError);
  });

  it('keeps a refusal from the server a refusal, not the copy', async () => {
    online();
    await getMySchedule();
    refusing(403);
    await expect(getMySchedule()).rejects.toBeInstanceOf(ApiError);
  });
});
