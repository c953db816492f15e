import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEMES } from '@meridian/domain';
import {
  APPEARANCE_CACHE_KEY,
  cacheAppearance,
  DARK_QUERY,
  DEVICE_DARK_THEME,
  deviceIsDark,
  isDarkTheme,
  onDeviceSchemeChange,
  readCachedAppearance,
  resolveTheme,
} from './theme-choice';

/** A stand-in for the browser's matchMedia: one dark setting the test flips, as an OS would. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  const matchMedia = (query: string) => {
    queries.push(query);
    return {
      get matches() {
        return query === DARK_QUERY && dark;
      },
      addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
      removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
    };
  };
  return {
    matchMedia,
    queries,
    listeners,
    set(next: boolean) {
      dark = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A Map-backed localStorage (node has none). */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveTheme', () => {
  it("gives the organisation's theme to 'organisation' whatever the device says", () => {
    expect(resolveTheme('organisation', 'sunset', false)).toBe('sunset');
    expect(resolveTheme('organisation', 'sunset', true)).toBe('sunset');
  });

  it('gives a named theme as named, light or dark device alike', () => {
    for (const name of THEMES) {
      expect(resolveTheme(name, 'default', true)).toBe(name);
      expect(resolveTheme(name, 'default', false)).toBe(name);
    }
  });

  it("follows the device: the organisation's theme when light, a dark theme when dark", () => {
    expect(resolveTheme('device', 'teal_breeze', false)).toBe('teal_breeze');
    expect(resolveTheme('device', 'teal_breeze', true)).toBe(DEVICE_DARK_THEME);
    expect(isDarkTheme(DEVICE_DARK_THEME)).toBe(true);
    // An organisation already on a dark theme keeps it on a dark device.
    expect(resolveTheme('device', 'dark_shade', true)).toBe('dark_shade');
  });
});

describe("the device's dark setting (matchMedia)", () => {
  beforeEach(() => {
    vi.stubGlobal('window', {});
  });

  it('reads prefers-color-scheme and hears every switch until unsubscribed', () => {
    const device = fakeDevice(false);
    vi.stubGlobal('window', { matchMedia: device.matchMedia });
    expect(deviceIsDark()).toBe(false);
    expect(device.queries).toContain('(prefers-color-scheme: dark)');

    const seen: boolean[] = [];
    const stop = onDeviceSchemeChange(() => seen.push(deviceIsDark()));
    device.set(true);
    expect(resolveTheme('device', 'default', deviceIsDark())).toBe(DEVICE_DARK_THEME);
    device.set(false);
    expect(resolveTheme('device', 'default', deviceIsDark())).toBe('default');
    expect(seen).toEqual([true, false]);

    stop();
    expect(device.listeners.size).toBe(0);
    device.set(true);
    expect(seen).toEqual([true, false]);
  });

  it('reads as light where the browser has no matchMedia', () => {
    expect(deviceIsDark()).toBe(false);
    const stop = onDeviceSchemeChange(() => undefined);
    expect(() => stop()).not.toThrow();
  });
});

describe('the cached appearance (no flash on reload)', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
  });

  it("gives back the last answer for the same user only, and nothing that isn't a choice", () => {
    expect(readCachedAppearance('viewer')).toBeNull();
    cacheAppearance('viewer', { theme_choice: 'device', organisation_theme: 'sunset' });
    expect(readCachedAppearance('viewer')).toEqual({
      theme_choice: 'device',
      organisation_theme: 'sunset',
    });
    expect(readCachedAppearance('someone-else')).toBeNull();
    // The signed-in page painted before the app (public/placeholder-theme.js) reads the themes
    // the choice gives on a light and on a dark device: "device" on a light organisation theme.
    expect(JSON.parse(localStorage.getItem(APPEARANCE_CACHE_KEY) ?? '{}')).toMatchObject({
      resolved: { light: 'sunset', dark: 'dark_shade' },
    });

    localStorage.setItem(
      APPEARANCE_CACHE_KEY,
      JSON.stringify({ user: 'viewer', theme_choice: 'neon', organisation_theme: 'sunset' }),
    );
    expect(readCachedAppearance('viewer')).toBeNull();
    localStorage.setItem(APPEARANCE_CACHE_KEY, '{not json');
    expect(readCachedAppearance('viewer')).toBeNull();
  });
});
