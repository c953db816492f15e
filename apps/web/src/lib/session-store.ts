import { useMemo, useSyncExternalStore } from 'react';
import type { TokenClaims } from '@meridian/contracts';
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
    return null;
  }
  return token;
}

/** Stores the token after a successful login. */
export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notify();
}

/** Removes the token (logout). */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  notify();
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
