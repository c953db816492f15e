import type { z } from 'zod';
import { ErrorBodySchema, ImportErrorSchema } from '@meridian/contracts';
import { API_BASE, ApiError, sessionEndedError } from './api-client';
import { getToken } from './session-store';

/** One line-numbered problem of a refused upload. */
export type ImportIssue = z.infer<typeof ImportErrorSchema>;

/** A refused upload: the server's detail plus the line-numbered errors of a 422. */
export class UploadRejection extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly issues: readonly ImportIssue[],
  ) {
    super(message, status);
    this.name = 'UploadRejection';
  }
}

function authHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function rejection(response: Response, sentToken: string | null): Promise<ApiError> {
  const ended = sessionEndedError(response.status, sentToken);
  if (ended) return ended;
  const fallback = `Request failed with status ${response.status}`;
  try {
    const body: unknown = await response.json();
    const detail = ErrorBodySchema.safeParse(body);
    const raw = (body as { errors?: unknown } | null)?.errors;
    const issues = Array.isArray(raw)
      ? raw.flatMap((item) => {
          const parsed = ImportErrorSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        })
      : [];
    return new UploadRejection(
      detail.success ? detail.data.detail : fallback,
      response.status,
      issues,
    );
  } catch {
    return new UploadRejection(fallback, response.status, []);
  }
}

/** Sends one file as multipart form data (field `file`) and parses the answer. */
export async function uploadFile<S extends z.ZodType>(
  path: string,
  file: File,
  schema: S,
): Promise<z.infer<S>> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: authHeaders(token),
    body,
  });
  if (!response.ok) throw await rejection(response, token);
  return schema.parse(await response.json());
}

/** Fetches a file answer (an export) as a blob. */
export async function downloadBlob(path: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, { headers: authHeaders(token) });
  if (!response.ok) throw await rejection(response, token);
  return response.blob();
}

/** Hands a blob to the browser as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
