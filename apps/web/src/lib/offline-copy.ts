/**
 * The signed-in user's own schedule as last read, kept in this browser so My
 * schedule stays readable without a network (the service worker, public/sw.js,
 * keeps the page itself). One copy, tagged with its user: another account
 * never reads it, and signing in, out or being signed out forgets it
 * (session-store.ts).
 */
const COPY_KEY = 'meridian.offline.my-schedule';

interface KeptCopy {
  user: string;
  saved_at: string;
  body: unknown;
}

/** Keeps `body` as `user`'s copy, read at `now`. */
export function keepCopy(user: string, body: unknown, now: Date = new Date()): void {
  const copy: KeptCopy = { user, saved_at: now.toISOString(), body };
  try {
    localStorage.setItem(COPY_KEY, JSON.stringify(copy));
  } catch {
    // A full or disabled storage only loses the offline copy, never the answer.
  }
}

/** `user`'s kept copy and when it was read, or null (none, another user's, or unreadable). */
export function readCopy(user: string): { savedAt: string; body: unknown } | null {
  try {
    const copy = JSON.parse(localStorage.getItem(COPY_KEY) ?? 'null') as KeptCopy | null;
    return copy !== null && copy.user === user ? { savedAt: copy.saved_at, body: copy.body } : null;
  } catch {
    return null;
  }
}

/** Forgets the copy (sign-in, logout, a session the server ended). */
export function forgetOfflineCopy(): void {
  localStorage.removeItem(COPY_KEY);
}
