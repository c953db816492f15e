import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeName } from '@meridian/domain';
import { APP_BAR_BACKGROUND, BASE_OPTIONS, THEME_OPTIONS } from './theme-options';

const cache = new Map<ThemeName, Theme>();

/** The MUI theme for a theme name; built once per name. */
export function buildTheme(name: ThemeName): Theme {
  const cached = cache.get(name);
  if (cached) return cached;
  const options = THEME_OPTIONS[name];
  const appBar = APP_BAR_BACKGROUND[name];
  const theme = createTheme({
    ...BASE_OPTIONS,
    ...options,
    typography: { ...BASE_OPTIONS.typography, ...options.typography },
    components: {
      ...(appBar ? { MuiAppBar: { styleOverrides: { root: { background: appBar } } } } : {}),
    },
  });
  cache.set(name, theme);
  return theme;
}
