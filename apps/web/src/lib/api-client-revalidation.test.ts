import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, apiSend } from './api-client';
import { TOKEN_STORAGE_KEY } from './session';
import { clearToken, setToken } from './session-store';
import { unsignedToken } from '../test/unsigned-token';

const token = (sub: string) => unsignedToken(sub);

const List = z.array(z.object({ id: z.number() }));

/** What the fake server saw of each request, and the answers it gives in order. */
let sent: { url: string; method: string; ifNoneMatch: string | null }[];
let answers: Response[];

const json = (body: unknown, etag?: string) =>
  Response.json(body, { status: 200, headers: etag ? { ETag: etag } : {} });
const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url,
        method: init?.method ?? 'GET',
        ifNoneMatch: headers.get('If-None-Match'),
      });
      const next = answers.shift();
      if (!next) throw new Error(`no answer left for ${url}`);
      return Promise.resolve(next);
    }),
  );
  setToken(token('ann'));
});
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
});

describe('GET revalidation with ETag', () => {
  it('without an ETag from the server, every GET is a plain request with a fresh body', async () => {
    answers = [json([{ id: 1 }]), json([{ id: 2 }])];
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 1 }]);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 2 }]);
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, null]);
  });

  it('sends the last ETag as If-None-Match and reuses the kept body on 304', async () => {
    answers = [json([{ id: 1 }], '"v1"'), notModified('"v1"'), notModified('"v1"')];
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 1 }]);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 1 }]);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 1 }]);
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, '"v1"', '"v1"']);
  });

  it('replaces the kept body when the data changed, and keeps one per URL', async () => {
    answers = [
      json([{ id: 1 }], '"v1"'),
      json([{ id: 9 }], '"k1"'),
      json([{ id: 2 }], '"v2"'),
      notModified('"v2"'),
      notModified('"k1"'),
    ];
    await apiRequest('/jobs/', List);
    await apiRequest('/kits/', List);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 2 }]);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 2 }]);
    expect(await apiRequest('/kits/', List)).toEqual([{ id: 9 }]);
    expect(sent.map((request) => [request.url, request.ifNoneMatch])).toEqual([
      ['/api/v1/jobs/', null],
      ['/api/v1/kits/', null],
      ['/api/v1/jobs/', '"v1"'],
      ['/api/v1/jobs/', '"v2"'],
      ['/api/v1/kits/', '"k1"'],
    ]);
  });

  it('forgets a kept body once an answer comes without an ETag', async () => {
    answers = [json([{ id: 1 }], '"v1"'), json([{ id: 2 }]), json([{ id: 3 }])];
    await apiRequest('/jobs/', List);
    await apiRequest('/jobs/', List);
    expect(await apiRequest('/jobs/', List)).toEqual([{ id: 3 }]);
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, '"v1"', null]);
  });

  it('never revalidates what another token fetched, and logout forgets everything', async () => {
    answers = [json([{ id: 1 }], '"v1"'), json([{ id: 1 }], '"v1"'), json([{ id: 1 }], '"v1"')];
    await apiRequest('/jobs/', List);
    // Another tab signs in as someone else: same storage key, no setToken here.
    localStorage.setItem(TOKEN_STORAGE_KEY, token('bob'));
    await apiRequest('/jobs/', List);
    clearToken();
    setToken(token('bob'));
    await apiRequest('/jobs/', List);
    expect(sent.map((request) => request.ifNoneMatch)).toEqual([null, null, null]);
  });

  it('parses a kept body with the schema again, so a 304 cannot smuggle in a bad shape', async () => {
    answers = [json([{ id: 1 }], '"v1"'), notModified('"v1"')];
    await apiRequest('/jobs/', List);
    await expect(apiRequest('/jobs/', z.array(z.string()))).rejects.toThrow();
  });

  it('leaves other methods alone: no If-None-Match, and a 304 nobody asked for is an error', async () => {
    answers = [
      json([{ id: 1 }], '"v1"'),
      json({ id: 1 }),
      new Response(null, { status: 204 }),
      notModified('"x"'),
    ];
    await apiRequest('/jobs/', List);
    await apiRequest('/jobs/', z.object({ id: z.number() }), { method: 'POST' });
    await apiSend('/jobs/1', { method: 'DELETE' });
    const error = await apiRequest('/kits/', List).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(304);
    expect(sent.map((request) => [request.method, request.ifNoneMatch])).toEqual([
      ['GET', null],
      ['POST', null],
      ['DELETE', null],
      ['GET', null],
    ]);
  });
});

describe('a shed read', () => {
  const shed = (status: number, retryAfter: string) =>
    Response.json(
      { detail: 'The server is busy (lists); try again in 1 s' },
      { status, headers: { 'Retry-After': retryAfter } },
    );

  it('waits out Retry-After and asks again, for a 503 and a 429', async () => {
    vi.useFakeTimers();
    try {
      answers = [shed(503, '1'), shed(429, '2'), json([{ id: 7 }])];
      const list = apiRequest('/jobs/', List);
      await vi.advanceTimersByTimeAsync(999);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await list).toEqual([{ id: 7 }]);
      expect(sent.map((r) => r.url)).toEqual(['/api/v1/jobs/', '/api/v1/jobs/', '/api/v1/jobs/']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the refusal after three retries, or at once when the wait is long or the request a write', async () => {
    vi.useFakeTimers();
    try {
      answers = [shed(503, '1'), shed(503, '1'), shed(503, '1'), shed(503, '1')];
      const list = apiRequest('/jobs/', List).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(3000);
      const error = await list;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect(sent).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
    sent = [];
    answers = [shed(503, '60')];
    await expect(apiRequest('/jobs/', List)).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
    sent = [];
    answers = [shed(503, '1')];
    await expect(apiSend('/jobs/1', { method: 'DELETE' })).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });
});
