import { useMemo, useSyncExternalStore } from 'react';
import type { TokenClaims } from '@meridian/contracts';
import { forgetCachedBodies } from './etag-cache';
import { forgetOfflineCopy } from './offline-copy';
import { TOKEN_STORAGE_KEY, usableClaims } from './session';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored token, discarding it first when it is malformed or expired (the guest state). */
export function getToken(): string | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token && !usableClaims(token)) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    forgetOfflineCopy();
    return null;
  }
  return token;
}

/** Stores the token after a successful login. */
export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  forgetCachedBodies();
  forgetOfflineCopy();
  notify();
}

/** Removes the token (logout); the answers kept for revalidation go with it. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  forgetCachedBodies();
  forgetOfflineCopy();
  notify();
}

/** What a request refused because its session ended says, instead of the server's 'Not authenticated'. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended; please sign in again.';

const sessionEndListeners = new Set<() => void>();
/** The last token a 401 ended: other requests it had in flight get the same message. */
let endedToken: string | null = null;

/**
 * Ends the session when the server refused (401) the token a request carried:
 * the user's role changed, their password was reset or their account deleted,
 * so the token will never work again. Only the stored token ends the session,
 * so a late answer for an older session cannot sign out a newer one. The
 * listeners (app/) empty the cache; the layout then goes to /login. Returns
 * whether that token's session is over, i.e. whether to show SESSION_ENDED_MESSAGE.
 */
export function endSessionRefused(sentToken: string | null): boolean {
  if (sentToken === null) return false;
  if (sentToken === endedToken) return true;
  if (localStorage.getItem(TOKEN_STORAGE_KEY) !== sentToken) return false;
  endedToken = sentToken;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  forgetCachedBodies();
  forgetOfflineCopy();
  for (const listener of sessionEndListeners) listener();
  notify();
  return true;
}

/** Runs `listener` whenever a refused token ends the session; returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes the same storage key.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session: the token and its claims, or null for a guest. */
export interface Session {
  token: string;
  claims: TokenClaims;
}

/** Subscribes a component to the session; it re-renders on login and logout. */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribe, getToken);
  return useMemo(() => {
    const claims = usableClaims(token);
    return token && claims ? { token, claims } : null;
  }, [token]);
}
