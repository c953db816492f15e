import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { fitLabel } from '../layout/bar-label';

/** The bars' text size (timeline-styles.ts, `.tl-bar`). */
export const BAR_FONT_PX = 12;

/**
 * A label fitter for one font: measures text on a canvas, each string once (a
 * year of bars names a few hundred customers). Without a canvas (no DOM) it
 * estimates from the character count.
 */
function labelFitFor(family: string): (full: string, available: number) => string {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context) context.font = `${BAR_FONT_PX}px ${family}`;
  const widths = new Map<string, number>();
  const measure = (text: string) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = context ? context.measureText(text).width : text.length * BAR_FONT_PX * 0.6;
      widths.set(text, width);
    }
    return width;
  };
  return (full, available) => fitLabel(full, available, measure);
}

/** A bar's label for the width it has, measured in the bars' font (the theme's). */
export function useLabelFit(): (full: string, available: number) => string {
  const family = useTheme().typography.fontFamily ?? 'sans-serif';
  return useMemo(() => labelFitFor(family), [family]);
}
