import type { z } from 'zod';
import { ErrorBodySchema } from '@meridian/contracts';
import { cachedBody, rememberBody } from './etag-cache';
import { parseWithSchema } from './schema-parse';
import { endSessionRefused, getToken, SESSION_ENDED_MESSAGE } from './session-store';

/** All API paths are relative: the server serves this app, and Vite proxies /api in development. */
export const API_BASE = '/api/v1';

/** A refused request, carrying the server's `detail` text and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The refusal's parsed JSON body, for answers that carry more than {detail} (a restore's conflicts). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent form-encoded (POST /token expects that). */
  form?: Record<string, string>;
  signal?: AbortSignal;
}

/** How often a shed read is tried again, and the longest Retry-After honoured (beyond, the refusal shows). */
const SHED_RETRIES = 3;
const SHED_LONGEST_WAIT_S = 10;

/** Seconds a 503 or 429 asks the client to wait (Retry-After in seconds), or null when it asks none. */
export function retryAfterSeconds(response: Response): number | null {
  if (response.status !== 503 && response.status !== 429) return null;
  const raw = response.headers.get('Retry-After')?.trim() ?? '';
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(
          signal.reason instanceof Error ? signal.reason : new Error('The request was aborted'),
        );
      },
      { once: true },
    );
  });

/**
 * A read, tried again when the server sheds it (503 or 429 with a short
 * Retry-After, answered before any work): a busy node's list stays a short
 * wait, not an error. Writes are never retried here: the caller decides.
 */
async function fetchRead(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, init);
    const seconds = retryAfterSeconds(response);
    if (seconds === null || seconds > SHED_LONGEST_WAIT_S || attempt >= SHED_RETRIES)
      return response;
    await wait(seconds * 1000, init.signal ?? undefined);
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const token = getToken();
  const method = options.method ?? 'GET';
  const init: RequestInit = {
    method,
    headers: requestHeaders(token, options),
    body: requestBody(options),
    signal: options.signal,
  };
  const url = `${API_BASE}${path}`;
  const response = await (method === 'GET' ? fetchRead(url, init) : fetch(url, init));
  if (!response.ok) throw await refusal(path, response, token);
  return response;
}

function requestHeaders(token: string | null, options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (!options.form && options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

function requestBody(options: RequestOptions): BodyInit | undefined {
  if (options.form) return new URLSearchParams(options.form);
  return options.json === undefined ? undefined : JSON.stringify(options.json);
}

async function refusal(path: string, response: Response, token: string | null): Promise<ApiError> {
  // POST /token answers 401 for a wrong password: a failed sign-in, not the end of a session.
  const ended = path === '/token' ? null : sessionEndedError(response.status, token);
  return ended ?? (await toApiError(response));
}

/**
 * A GET's body text, revalidated: the last answer's ETag goes out as
 * If-None-Match and a 304 reuses that answer's body. Without an ETag from the
 * server this is a plain GET.
 */
async function getText(path: string, signal: AbortSignal | undefined): Promise<string> {
  const url = `${API_BASE}${path}`;
  const token = getToken();
  const cached = cachedBody(url, token);
  const headers = requestHeaders(token, {});
  if (cached) headers.set('If-None-Match', cached.etag);
  const response = await fetchRead(url, { headers, signal });
  if (response.status === 304 && cached) return cached.body;
  if (!response.ok) throw await refusal(path, response, token);
  const body = await response.text();
  rememberBody(url, token, response.headers.get('ETag'), body);
  return body;
}

/**
 * For a 401 to a request that carried the stored token: ends the session
 * (session-store: token cleared, cache emptied, then /login) and returns the
 * error that says so. Null for any other answer, which the caller reports.
 */
export function sessionEndedError(status: number, sentToken: string | null): ApiError | null {
  return status === 401 && endSessionRefused(sentToken)
    ? new ApiError(SESSION_ENDED_MESSAGE, 401)
    : null;
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `Request failed with status ${response.status}`;
  try {
    const body: unknown = await response.json();
    const parsed = ErrorBodySchema.safeParse(body);
    return new ApiError(parsed.success ? parsed.data.detail : fallback, response.status, body);
  } catch {
    return new ApiError(fallback, response.status);
  }
}

/** Sends a request and parses the JSON answer with the contract schema (fast for long lists: schema-parse). */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const isGet = (options.method ?? 'GET') === 'GET';
  const text = isGet
    ? await getText(path, options.signal)
    : await (await send(path, options)).text();
  return parseWithSchema(schema, JSON.parse(text));
}

/** Sends a request whose answer body the screen does not use. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}

/** The text shown to people: the server's detail, else the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
