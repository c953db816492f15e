import { describe, expect, it } from 'vitest';
import { THEMES } from '@meridian/domain';
import { buildTheme } from './build-theme';

/** WCAG 2.1's contrast ratio of two #rrggbb colours, written out here to check the themes. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(bl!);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** MUI writes contrast text as #fff or rgba(0, 0, 0, 0.87); on opaque colours the latter is about #212121. */
const opaque = (colour: string) =>
  colour === '#fff' ? '#ffffff' : colour.startsWith('rgba(0, 0, 0') ? '#212121' : colour;

describe.each(THEMES)('theme %s', (name) => {
  const theme = buildTheme(name);
  const { palette } = theme;

  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'puts %s text at 4.5:1 or more on its colour',
    (key) => {
      const colour = palette[key];
      expect(contrast(opaque(colour.contrastText), colour.main)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('draws the focus ring at 3:1 or more against the page and the paper (WCAG 1.4.11)', () => {
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
    const ring = baseline[':focus-visible'] as { outline: string };
    const colour = /#[0-9a-f]{6}/i.exec(ring.outline)![0];
    expect(contrast(colour, palette.background.default)).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, palette.background.paper)).toBeGreaterThanOrEqual(3);
  });
});
