// The web build's compile hint (apps/web/route-preloads.ts, COMPILE_HINT): the
// files a screen's first visit runs start with it, and the files only some
// later action loads do not. Reads the build that `npm test` makes first.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../apps/web/route-preloads.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const read = (file) => readFileSync(path.join(dist, file), 'utf8');

describe('the web build', () => {
  const preloads = JSON.parse(read('route-preloads.json'));
  const index = read('index.html');
  const entryFiles = [...index.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.js)"/g)].map(
    (m) => m[1],
  );
  const firstVisit = new Set([
    ...entryFiles,
    ...Object.values(preloads)
      .flat()
      .map((file) => file.slice(1)),
  ]);

  it('starts every file a first visit runs with the compile hint', () => {
    expect(entryFiles.length).toBeGreaterThan(1);
    expect(preloads['/my-schedule'].length).toBeGreaterThan(10);
    for (const file of firstVisit) expect(read(file).startsWith(COMPILE_HINT), file).toBe(true);
  });

  it('leaves the files only a later action loads without it', () => {
    const later = readdirSync(path.join(dist, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `assets/${name}`)
      .filter((file) => !firstVisit.has(file));
    // The PDF export's library and the map's outlines, at least.
    expect(later.length).toBeGreaterThan(2);
    for (const file of later) expect(read(file).startsWith(COMPILE_HINT), file).toBe(false);
  });
});
