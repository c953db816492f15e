/** An expected failure with its HTTP status; its message becomes the `detail` of the answer. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400 helper. */
export const badRequest = (detail: string) => new HttpError(400, detail);
/** 401 helper: the one answer for every authentication failure. */
export const unauthorized = (detail = 'Not authenticated') =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
/** 403 helper. */
export const forbidden = (detail = 'You do not have permission to do this') =>
  new HttpError(403, detail);
/** 404 helper. */
export const notFound = (detail: string) => new HttpError(404, detail);
/** 409 helper. */
export const conflict = (detail: string) => new HttpError(409, detail);
/** 429 helper: a per-user cap or rate limit was reached; Retry-After says when to ask again. */
export const tooManyRequests = (detail: string, retryAfterSeconds = 5) =>
  new HttpError(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
