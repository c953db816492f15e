/** Business constants of the product (times, widths, limits), named once. */
export const TOAST_AUTO_HIDE_MS = 6000;
export const TASK_REMOVAL_DELAY_MS = 5000;
export const DRAWER_WIDTH = 240;
export const TASK_PANEL_WIDTH = 350;
export const VIRTUAL_ROW_HEIGHT = 68;
export const PRENAVIGATION_DELAY_MS = 250;
export const WEIGHT_STEP = 0.05;
export const YEARS_BEFORE = 5;
export const YEARS_AFTER = 4;
export const PDF_LANDSCAPE_ABOVE_COLUMNS = 8;
export const LONG_TRIP_SHARE_FOR_COST_FLAG = 0.2;

export const THEMES = [
  'default',
  'dark_shade',
  'light_shade',
  'blue_shade',
  'teal_breeze',
  'mono_creme',
  'sky_blue',
  'sunset',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

export const COMPANY_NAME = 'Meridian Physics';
export const PRODUCT_NAME = 'Meridian Scheduler';
