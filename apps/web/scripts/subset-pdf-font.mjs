// Makes the PDF exports' font (src/lib/pdf-font/): Noto Sans regular and bold,
// subset to the scripts our people's and customers' names are written in, so a
// PDF prints "Nguyễn Văn An", "Zoë Müller" and "Søren Ødegård" as they are.
// jsPDF's standard fonts are Latin-1 only. Noto Sans is under the SIL Open
// Font License 1.1 (src/lib/pdf-font/OFL.txt). The output is committed, so
// neither the build nor a fresh clone needs these two packages; run it again
// only to change the ranges or the font:
//   npx -y -p subset-font@2.9.0 -p @expo-google-fonts/noto-sans@0.4.2 \
//     node apps/web/scripts/subset-pdf-font.mjs
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// npx -p puts the packages on PATH's prefix, not beside this file: resolve them from there.
const require = createRequire(path.join(process.env.npm_config_prefix ?? process.cwd(), 'x.js'));
const subsetFont = require('subset-font');
const fonts = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/pdf-font');

/** Latin with every extension (Vietnamese included), combining marks, Greek, Cyrillic, punctuation, currency. */
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x2b0, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

for (const [file, name] of [
  ['400Regular/NotoSans_400Regular.ttf', 'noto-sans-regular.ttf'],
  ['700Bold/NotoSans_700Bold.ttf', 'noto-sans-bold.ttf'],
]) {
  // jsPDF draws glyphs by code point (no OpenType layout) and a PDF prints outlines, so the
  // layout features, the glyphs only they reach and the screen hinting are dropped.
  const subset = await subsetFont(readFileSync(path.join(fonts, file)), text, {
    targetFormat: 'sfnt',
    noHinting: true,
    keepFeatures: [],
    noLayoutClosure: true,
  });
  writeFileSync(path.join(out, name), subset);
  console.log(`${name}: ${subset.length} bytes`);
}
