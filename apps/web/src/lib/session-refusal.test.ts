import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, apiSend } from './api-client';
import { downloadBlob, uploadFile } from './api-files';
import { TOKEN_STORAGE_KEY } from './session';
import { onSessionEnded, SESSION_ENDED_MESSAGE } from './session-store';
import { followSseStream } from './sse';
import { unsignedToken } from '../test/unsigned-token';

const token = (sub: string) => unsignedToken(sub);

let store: Map<string, string>;
let ended: ReturnType<typeof vi.fn<() => void>>;
let unsubscribe: () => void;
/** Answers every fetch with this status and detail; records the Authorization headers sent. */
let sent: (string | null)[];
const answer = (status: number, detail: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('Authorization'));
      return Promise.resolve(Response.json({ detail }, { status }));
    }),
  );

beforeEach(() => {
  store = new Map();
  sent = [];
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  ended = vi.fn<() => void>();
  unsubscribe = onSessionEnded(ended);
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as ApiError,
  );

describe('a 401 to the stored token ends the session', () => {
  it('clears the token, tells the listeners once and says the session ended', async () => {
    const mine = token('ann');
    store.set(TOKEN_STORAGE_KEY, mine);
    answer(401, 'Not authenticated');
    const [first, second] = await Promise.all([
      refusal(apiRequest('/jobs/', z.unknown())),
      refusal(apiSend('/kits/7', { method: 'DELETE' })),
    ]);
    expect(sent).toEqual([`Bearer ${mine}`, `Bearer ${mine}`]);
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
    // Both requests of the ended session say so, not the server's bare 'Not authenticated'.
    for (const error of [first, second]) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe(SESSION_ENDED_MESSAGE);
      expect(error.status).toBe(401);
    }
    // The login page's requests carry no token: a 401 there ends nothing (no loop).
    const guest = await refusal(apiRequest('/jobs/', z.unknown()));
    expect(guest.message).toBe('Not authenticated');
    expect(sent[2]).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('also for uploads and downloads', async () => {
    store.set(TOKEN_STORAGE_KEY, token('bob'));
    answer(401, 'Not authenticated');
    const upload = await refusal(
      uploadFile('/schedules/upload', new File(['a'], 'a.csv'), z.unknown()),
    );
    expect(upload.message).toBe(SESSION_ENDED_MESSAGE);
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
    store.set(TOKEN_STORAGE_KEY, token('bob2'));
    const download = await refusal(downloadBlob('/export?page=assignments&format=csv'));
    expect(download.message).toBe(SESSION_ENDED_MESSAGE);
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('also for task streams, which then stop without reconnecting', async () => {
    const mine = token('gus');
    store.set(TOKEN_STORAGE_KEY, mine);
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('Authorization'));
      return Promise.resolve(Response.json({ detail: 'Not authenticated' }, { status: 401 }));
    });
    const onRefused = vi.fn<(error: ApiError) => void>();
    await followSseStream('/optimize/stream/t1', {
      signal: new AbortController().signal,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      baseDelayMs: 1,
      onEvent: () => 'continue',
      onRefused,
      onEnded: vi.fn(),
      onLost: vi.fn(),
    });
    expect(sent).toEqual([`Bearer ${mine}`]);
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused.mock.calls[0]?.[0].message).toBe(SESSION_ENDED_MESSAGE);
    expect(store.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('refusals that do not end the session', () => {
  it('a failed sign-in (401 from POST /token) is only a failed sign-in', async () => {
    const mine = token('cid');
    store.set(TOKEN_STORAGE_KEY, mine);
    answer(401, 'Incorrect username or password');
    const error = await refusal(
      apiRequest('/token', z.unknown(), { method: 'POST', form: { username: 'x', password: 'y' } }),
    );
    expect(error.message).toBe('Incorrect username or password');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe(mine);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a late 401 for an older session leaves the newer one signed in', async () => {
    const older = token('dee');
    const newer = token('eve');
    store.set(TOKEN_STORAGE_KEY, older);
    let release: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const pending = refusal(apiRequest('/jobs/', z.unknown()));
    // Meanwhile the user signed out and in again.
    store.set(TOKEN_STORAGE_KEY, newer);
    release(Response.json({ detail: 'Not authenticated' }, { status: 401 }));
    expect((await pending).message).toBe('Not authenticated');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe(newer);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a 403 keeps the session', async () => {
    const mine = token('fay');
    store.set(TOKEN_STORAGE_KEY, mine);
    answer(403, 'This action needs the admin role');
    expect((await refusal(apiRequest('/admin/users', z.unknown()))).message).toBe(
      'This action needs the admin role',
    );
    expect(store.get(TOKEN_STORAGE_KEY)).toBe(mine);
    expect(ended).not.toHaveBeenCalled();
  });
});
