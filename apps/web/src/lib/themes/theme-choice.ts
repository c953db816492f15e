import { useSyncExternalStore } from 'react';
import type { MyAppearance, ThemeChoice } from '@meridian/contracts';
import { THEMES, type ThemeName } from '@meridian/domain';
import { THEME_OPTIONS } from './theme-options';

/** The dark theme "Match my device" uses when the device is dark and the organisation's theme is light. */
export const DEVICE_DARK_THEME: ThemeName = 'dark_shade';

/** The media query a device's dark setting answers. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether a theme is a dark one (its palette's mode). */
export const isDarkTheme = (name: ThemeName) => THEME_OPTIONS[name].palette?.mode === 'dark';

/**
 * The theme a user sees: the organisation's, a theme they named, or (for
 * "device") the organisation's while the device is light and, while it is
 * dark, the organisation's if that is dark already, else DEVICE_DARK_THEME.
 */
export function resolveTheme(
  choice: ThemeChoice,
  organisation: ThemeName,
  deviceIsDark: boolean,
): ThemeName {
  if (choice === 'organisation') return organisation;
  if (choice !== 'device') return choice;
  if (!deviceIsDark || isDarkTheme(organisation)) return organisation;
  return DEVICE_DARK_THEME;
}

/** Whether the device asks for dark now (false where matchMedia is missing). */
export function deviceIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Calls `listener` whenever the device switches between light and dark. */
export function onDeviceSchemeChange(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** The device's dark setting, re-rendering live when the user changes it in their OS. */
export const useDeviceIsDark = () => useSyncExternalStore(onDeviceSchemeChange, deviceIsDark);

/** localStorage key of the last appearance the server answered for the signed-in user. */
export const APPEARANCE_CACHE_KEY = 'meridian.appearance';

interface CachedAppearance extends MyAppearance {
  /** Whose choice it is: another user signing in on this browser does not get it. */
  user: string;
  /**
   * The theme the choice gives on a light device and on a dark one, for public/placeholder-theme.js:
   * the signed-in page painted before any of the app's code (apps/web/scripts/prerender.mjs)
   * takes the user's theme from here without knowing the rules above.
   */
  resolved: { light: ThemeName; dark: ThemeName };
}

const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);
const isChoice = (value: unknown): value is ThemeChoice =>
  value === 'organisation' || value === 'device' || isThemeName(value);

/**
 * The appearance last answered for `user` on this browser, so their theme is
 * applied on the first render, before GET /me/appearance answers (no flash).
 */
export function readCachedAppearance(user: string): MyAppearance | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(APPEARANCE_CACHE_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { user: owner, theme_choice, organisation_theme } = parsed as Partial<CachedAppearance>;
    if (owner !== user || !isChoice(theme_choice) || !isThemeName(organisation_theme)) return null;
    return { theme_choice, organisation_theme };
  } catch {
    return null;
  }
}

/** Remembers the server's answer for the next load of the app. */
export function cacheAppearance(user: string, appearance: MyAppearance): void {
  try {
    const { theme_choice: choice, organisation_theme: organisation } = appearance;
    const value: CachedAppearance = {
      user,
      ...appearance,
      resolved: {
        light: resolveTheme(choice, organisation, false),
        dark: resolveTheme(choice, organisation, true),
      },
    };
    localStorage.setItem(APPEARANCE_CACHE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode): the theme still applies once the server answers.
  }
}

/** The words the theme menu shows for the two choices that are not a theme's name. */
export const CHOICE_LABELS = {
  organisation: 'Organisation default',
  device: 'Match my device',
} as const;
