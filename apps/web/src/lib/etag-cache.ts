/**
 * The last body of each GET the server answered with an ETag, kept in memory
 * per URL so the next request can revalidate it (If-None-Match) and a 304
 * reuses it instead of downloading the list again. An entry is only used with
 * the token that fetched it: what one account was shown is never handed to
 * another, and logging out forgets everything.
 */
interface CachedBody {
  etag: string;
  token: string | null;
  body: string;
}

const bodies = new Map<string, CachedBody>();

/** The cached answer to revalidate for this URL and token, if any. */
export function cachedBody(url: string, token: string | null): CachedBody | undefined {
  const entry = bodies.get(url);
  return entry && entry.token === token ? entry : undefined;
}

/** Keeps a fresh answer when it carries an ETag; without one, forgets the URL's old answer. */
export function rememberBody(
  url: string,
  token: string | null,
  etag: string | null,
  body: string,
): void {
  if (etag === null) bodies.delete(url);
  else bodies.set(url, { etag, token, body });
}

/** Drops every cached body (logout, session end). */
export function forgetCachedBodies(): void {
  bodies.clear();
}
