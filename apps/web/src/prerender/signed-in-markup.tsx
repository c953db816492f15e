import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_THEME, THEMES } from '@meridian/domain';
import { SignedInPlaceholder } from '../app/layout/signed-in-placeholder';
import { APP_ROUTES } from '../app/routes/route-definitions';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { buildTheme } from '../lib/themes/build-theme';
import { APPEARANCE_CACHE_KEY } from '../lib/themes/theme-choice';
import { renderCollectingStyles, type Prerendered } from './collect-styles';

/** What public/placeholder-theme.js reads, as data-* attributes of its script tag. */
export const PLACEHOLDER_SCRIPT_DATA = {
  'token-key': TOKEN_STORAGE_KEY,
  'appearance-key': APPEARANCE_CACHE_KEY,
  'default-theme': DEFAULT_THEME,
};

/**
 * A signed-in screen as it first paints, rendered at build time
 * (apps/web/scripts/prerender.mjs): app/layout/signed-in-placeholder.tsx once
 * per theme, each in a wrapper the stylesheet hides unless <html> names its
 * theme, which public/placeholder-theme.js does before the first paint (the
 * user's last theme, else the default; nothing for a guest). The app then
 * draws the same placeholder in the same theme until its chrome has loaded.
 */
export function renderSignedIn(path: string): Prerendered {
  const route = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`prerender: no screen at ${path}`);
  const rules = new Map<string, string>();
  const choose: string[] = ['#root>[data-theme-variant]{display:none}'];
  const variants = THEMES.map((name) => {
    const theme = buildTheme(name);
    const rendered = renderCollectingStyles(
      <ThemeProvider theme={theme}>
        <SignedInPlaceholder title={route.title} />
      </ThemeProvider>,
    );
    for (const [key, rule] of rendered.rules) rules.set(key, rule);
    const { background, text, mode } = theme.palette;
    const chosen = `html[data-placeholder-theme="${name}"]`;
    choose.push(
      `${chosen} #root>[data-theme-variant="${name}"]{display:block}`,
      `${chosen}{color-scheme:${mode}}`,
      `${chosen} body{background-color:${background.default};color:${text.primary}}`,
    );
    return `<div data-theme-variant="${name}">${rendered.html}</div>`;
  });
  // The page-wide rules (CssBaseline's) once, in the default theme; each theme's colours above.
  const base = renderCollectingStyles(
    <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
      <CssBaseline enableColorScheme />
    </ThemeProvider>,
  );
  const css = [...base.rules.values(), ...rules.values(), ...choose].join('');
  return { html: variants.join(''), css };
}
