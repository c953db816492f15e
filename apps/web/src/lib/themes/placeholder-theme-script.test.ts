import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { unsignedToken } from '../../test/unsigned-token';

const SCRIPT = readFileSync(
  new URL('../../../public/placeholder-theme.js', import.meta.url),
  'utf8',
);

/** Runs public/placeholder-theme.js as the page would, with `storage` and a light or dark device. */
function themeChosen(storage: Record<string, string>, deviceIsDark = false): string | null {
  const attributes = new Map<string, string>();
  runInNewContext(SCRIPT, {
    atob,
    JSON,
    Date,
    String,
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    window: {
      matchMedia: (query: string) => ({ matches: deviceIsDark && query.includes('dark') }),
    },
    document: {
      currentScript: {
        dataset: { tokenKey: 'token', appearanceKey: 'appearance', defaultTheme: 'default' },
      },
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
  });
  return attributes.get('data-placeholder-theme') ?? null;
}

const appearance = (user: string) =>
  JSON.stringify({
    user,
    theme_choice: 'device',
    organisation_theme: 'sunset',
    resolved: { light: 'sunset', dark: 'dark_shade' },
  });

describe('public/placeholder-theme.js', () => {
  it("shows the theme the app last applied for the token's user, for the device's light or dark", () => {
    const storage = { token: unsignedToken('viewer', 'regular'), appearance: appearance('viewer') };
    expect(themeChosen(storage)).toBe('sunset');
    expect(themeChosen(storage, true)).toBe('dark_shade');
  });

  it("shows the default theme when nothing is kept for this user, and none for a guest's visit", () => {
    const token = unsignedToken('viewer', 'regular');
    expect(themeChosen({ token })).toBe('default');
    expect(themeChosen({ token, appearance: appearance('someone-else') })).toBe('default');
    expect(themeChosen({ token, appearance: '{not json' })).toBe('default');
    expect(themeChosen({})).toBeNull();
  });

  it('shows nothing for an expired or malformed token: the app sends the visitor to sign in', () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${encode({ alg: 'HS256' })}.${encode({ sub: 'viewer', exp: 1 })}.signature`;
    expect(themeChosen({ token: expired, appearance: appearance('viewer') })).toBeNull();
    expect(themeChosen({ token: 'not-a-token' })).toBeNull();
  });
});
