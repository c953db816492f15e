import type { PaletteMode } from '@mui/material';
import type { PaletteOptions } from '@mui/material/styles';

/** The width of the keyboard focus ring, in pixels (WCAG 2.4.7; 2.4.11's 2 px minimum is met). */
const RING_WIDTH = 3;

/**
 * The one keyboard focus ring of every theme: a solid outline in the theme's
 * primary colour (on the app bar, its text colour), drawn outside the control
 * so it never hides the control's own text.
 */
export function focusRing(primary: PaletteOptions['primary'], mode: PaletteMode) {
  const main = primary && 'main' in primary ? primary.main : undefined;
  const colour = main ?? (mode === 'dark' ? '#8ab4f8' : '#1c4f9c');
  return { outline: `${RING_WIDTH}px solid ${colour}`, outlineOffset: 2 };
}

/**
 * Status colours that hold 4.5:1 with white text on them and as text on a
 * light paper: MUI's light warning (#ed6c02, 3.1:1) and info (#0288d1, 3.9:1)
 * fall short, so light themes use darker shades of the same hues. Dark
 * themes use light colours with dark text; MUI's dark error (#f44336) is too
 * dark for that, so it is a lighter red.
 */
export function accessibleStatusColours(mode: PaletteMode): PaletteOptions {
  if (mode === 'dark') return { error: { main: '#f28b82' } };
  return {
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
  };
}

/**
 * For people who ask their system for less motion: no animation, transition
 * or smooth scrolling anywhere (the ticker and the blinking rows also have
 * still versions of their own).
 */
export const REDUCED_MOTION_RULES = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};
