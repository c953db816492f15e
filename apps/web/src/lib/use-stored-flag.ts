import { useCallback, useState } from 'react';

/** Reads a remembered yes/no; storage that is missing or refused (private mode) reads as `fallback`. */
function readFlag(key: string, fallback: boolean): boolean {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    return fallback;
  }
}

/**
 * A yes/no choice of this browser's user kept in localStorage under `key`,
 * so it holds across reloads and sign-ins (a display preference, not data).
 */
export function useStoredFlag(key: string, fallback = false): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // Not remembered, still applied.
      }
    },
    [key],
  );
  return [value, set];
}
