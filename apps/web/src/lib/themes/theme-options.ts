import type { ThemeOptions } from '@mui/material/styles';
import type { ThemeName } from '@meridian/domain';

const SANS = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'Georgia, "Iowan Old Style", "Times New Roman", serif';

/**
 * The eight themes (`default` is the default). Each is a palette plus a few touches
 * (app-bar treatment, type) so that they read as distinct themes, not tints. Text on
 * primary and secondary reaches WCAG AA (4.5:1) for normal text in every theme.
 */
export const THEME_OPTIONS: Record<ThemeName, ThemeOptions> = {
  default: {
    palette: {
      mode: 'light',
      primary: { main: '#1c4f9c' },
      secondary: { main: '#00796b' },
      background: { default: '#f4f6fa', paper: '#ffffff' },
    },
  },
  dark_shade: {
    palette: {
      mode: 'dark',
      primary: { main: '#8ab4f8' },
      secondary: { main: '#80cbc4' },
      background: { default: '#101418', paper: '#1a2027' },
    },
  },
  light_shade: {
    palette: {
      mode: 'light',
      primary: { main: '#455a64' },
      secondary: { main: '#7e57c2' },
      background: { default: '#fbfbfc', paper: '#ffffff' },
      divider: '#e3e6ea',
    },
  },
  blue_shade: {
    palette: {
      mode: 'light',
      primary: { main: '#0b3d91' },
      secondary: { main: '#1565c0' },
      background: { default: '#e8eef8', paper: '#f7f9fd' },
    },
  },
  teal_breeze: {
    palette: {
      mode: 'light',
      primary: { main: '#00695c' },
      secondary: { main: '#ff8a65' },
      background: { default: '#eaf6f4', paper: '#fbfefd' },
    },
  },
  mono_creme: {
    palette: {
      mode: 'light',
      primary: { main: '#3b3631' },
      secondary: { main: '#8d6e63' },
      background: { default: '#f5f0e6', paper: '#fffcf5' },
      text: { primary: '#2b2723', secondary: '#6b6259' },
    },
    typography: { h1: { fontFamily: SERIF }, h4: { fontFamily: SERIF }, h5: { fontFamily: SERIF } },
  },
  sky_blue: {
    palette: {
      mode: 'light',
      primary: { main: '#0277bd' },
      secondary: { main: '#ffb300' },
      background: { default: '#e9f5fc', paper: '#ffffff' },
    },
  },
  sunset: {
    palette: {
      mode: 'light',
      primary: { main: '#bf360c' },
      secondary: { main: '#6a1b9a' },
      background: { default: '#fff3ea', paper: '#fffaf6' },
    },
  },
};

/** Options every theme shares. */
export const BASE_OPTIONS: ThemeOptions = {
  // Text on a coloured surface (buttons, chips, bars) is white only where white reaches WCAG AA's
  // 4.5:1, else dark (MUI's default threshold is 3).
  palette: { contrastThreshold: 4.5 },
  shape: { borderRadius: 10 },
  typography: { fontFamily: SANS, button: { textTransform: 'none', fontWeight: 600 } },
};

/** App-bar backgrounds: a gradient where the theme has one, else the primary colour. */
export const APP_BAR_BACKGROUND: Partial<Record<ThemeName, string>> = {
  sunset: 'linear-gradient(90deg, #bf360c 0%, #d84315 45%, #6a1b9a 100%)',
  sky_blue: 'linear-gradient(90deg, #0277bd 0%, #0288d1 60%, #039be5 100%)',
  teal_breeze: 'linear-gradient(90deg, #00695c 0%, #00796b 100%)',
  dark_shade: '#1a2027',
};

/** The names people see in the theme picker. */
export const THEME_LABELS: Record<ThemeName, string> = {
  default: 'Default',
  dark_shade: 'Dark Shade',
  light_shade: 'Light Shade',
  blue_shade: 'Blue Shade',
  teal_breeze: 'Teal Breeze',
  mono_creme: 'Mono Crème',
  sky_blue: 'Sky Blue',
  sunset: 'Sunset',
};
