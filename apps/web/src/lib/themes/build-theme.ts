import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeName } from '@meridian/domain';
import { accessibleStatusColours, focusRing, REDUCED_MOTION_RULES } from './theme-a11y';
import { APP_BAR_BACKGROUND, BASE_OPTIONS, THEME_OPTIONS } from './theme-options';

const cache = new Map<ThemeName, Theme>();

/** The MUI theme for a theme name; built once per name. */
export function buildTheme(name: ThemeName): Theme {
  const cached = cache.get(name);
  if (cached) return cached;
  const options = THEME_OPTIONS[name];
  const appBar = APP_BAR_BACKGROUND[name];
  const mode = options.palette?.mode ?? 'light';
  // Every theme shares one focus ring and status colours that hold WCAG AA (docs/accessibility.md).
  const ring = focusRing(options.palette?.primary, mode);
  const theme = createTheme({
    ...BASE_OPTIONS,
    ...options,
    palette: { ...BASE_OPTIONS.palette, ...accessibleStatusColours(mode), ...options.palette },
    typography: { ...BASE_OPTIONS.typography, ...options.typography },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': ring,
          ...REDUCED_MOTION_RULES,
        },
      },
      // ButtonBase clears the outline on its root, so its keyboard focus gets the ring back here.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
      // Inside a list or menu the ring is drawn inside the item, where the list cannot clip it.
      MuiListItemButton: {
        styleOverrides: { root: { '&.Mui-focusVisible': { ...ring, outlineOffset: -3 } } },
      },
      MuiMenuItem: {
        styleOverrides: { root: { '&.Mui-focusVisible': { ...ring, outlineOffset: -3 } } },
      },
      MuiTab: {
        styleOverrides: { root: { '&.Mui-focusVisible': { ...ring, outlineOffset: -3 } } },
      },
      // A scrolling dialog body or table can be scrolled from the keyboard once it has the focus
      // (WCAG 2.1.1; axe's scrollable-region-focusable).
      MuiDialogContent: { defaultProps: { tabIndex: 0 } },
      MuiTableContainer: { defaultProps: { tabIndex: 0 } },
      MuiAppBar: {
        styleOverrides: {
          root: {
            ...(appBar ? { background: appBar } : {}),
            // On the bar's own colour the ring takes the bar's text colour.
            '& .Mui-focusVisible, & :focus-visible': { outlineColor: 'currentColor' },
          },
        },
      },
    },
  });
  cache.set(name, theme);
  return theme;
}
