import type { z } from 'zod';
import { ErrorBodySchema } from '@meridian/contracts';
import { endSessionRefused, getToken, SESSION_ENDED_MESSAGE } from './session-store';

/** All API paths are relative: the server serves this app, and Vite proxies /api in development. */
export const API_BASE = '/api/v1';

/** A refused request, carrying the server's `detail` text and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(options.form);
  else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  if (!response.ok) {
    // POST /token answers 401 for a wrong password: a failed sign-in, not the end of a session.
    const ended = path === '/token' ? null : sessionEndedError(response.status, token);
    throw ended ?? (await toApiError(response));
  }
  return response;
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
    const parsed = ErrorBodySchema.safeParse(await response.json());
    return new ApiError(parsed.success ? parsed.data.detail : fallback, response.status);
  } catch {
    return new ApiError(fallback, response.status);
  }
}

/** Sends a request and parses the JSON answer with the contract schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const response = await send(path, options);
  return schema.parse(await response.json());
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
