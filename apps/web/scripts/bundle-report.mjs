// `node apps/web/scripts/bundle-report.mjs [route ...]`: what a first load of
// each route downloads, from the bundler's own chunk graph. It builds the web
// app into a temporary folder (the published dist is untouched), then for
// each route follows the entry's static imports, the route's lazy module
// (ROUTE_MODULES / the login route) and the signed-in chrome, and prints every
// chunk with its brotli and gzip size and its largest modules. Nothing is
// fetched from the network. Not a test: the figures go to docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/login', '/my-schedule'];
const TOP_MODULES = Number(process.env.TOP_MODULES ?? 6);

/** The lazy modules a route needs beyond the entry (file names under src/app). */
const ROUTE_LAZY = {
  '/login': ['app/routes/login-route.ts'],
};
const SIGNED_IN = ['app/layout/app-shell.tsx'];
const lazyFor = (route) =>
  ROUTE_LAZY[route] ?? [
    ...SIGNED_IN,
    `app/routes/${route.slice(1)}-route.tsx`,
    `app/routes/${route.slice(1)}-route.ts`,
  ];

let chunks = [];
const collect = {
  name: 'bundle-report',
  generateBundle(_options, bundle) {
    chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  },
};

const outDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bundle-'));
try {
  await build({
    root,
    logLevel: 'warn',
    plugins: [collect],
    build: { outDir, emptyOutDir: true },
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const sizes = new Map(
  chunks.map((chunk) => {
    const code = Buffer.from(chunk.code);
    return [
      chunk.fileName,
      {
        raw: code.length,
        gzip: gzipSync(code, { level: 9 }).length,
        br: brotliCompressSync(code, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
      },
    ];
  }),
);
const src = path.join(root, 'src') + path.sep;
const short = (id) =>
  id.startsWith(src) ? id.slice(src.length) : id.replace(/.*node_modules\//, '');

/** A chunk and every chunk it imports statically (what the browser fetches with it). */
function closure(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(byFile.get(file)?.imports ?? [], seen);
  }
  return seen;
}

const entry = chunks.find((chunk) => chunk.isEntry);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;
for (const route of routes) {
  const lazy = lazyFor(route)
    .map((file) => chunks.find((chunk) => chunk.facadeModuleId === src + file))
    .filter(Boolean);
  const files = closure([entry.fileName, ...lazy.map((chunk) => chunk.fileName)]);
  let total = { raw: 0, gzip: 0, br: 0 };
  console.log(`\n${route}: ${files.size} chunks`);
  console.log('| chunk | raw KiB | gzip KiB | br KiB | largest modules (rendered KiB) |');
  console.log('|---|---:|---:|---:|---|');
  for (const file of [...files].sort((a, b) => sizes.get(b).br - sizes.get(a).br)) {
    const size = sizes.get(file);
    total = { raw: total.raw + size.raw, gzip: total.gzip + size.gzip, br: total.br + size.br };
    const modules = Object.entries(byFile.get(file).modules)
      .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
      .slice(0, TOP_MODULES)
      .map(([id, info]) => `${short(id)} ${kib(info.renderedLength)}`)
      .join(', ');
    // Which chunks of this load import it (WHY=1): where a lazy boundary would move it.
    const why = process.env.WHY
      ? ` <- ${[...files].filter((other) => byFile.get(other).imports.includes(file)).join(' ')}`
      : '';
    console.log(
      `| ${file} | ${kib(size.raw)} | ${kib(size.gzip)} | ${kib(size.br)} | ${modules}${why} |`,
    );
  }
  console.log(`| total | ${kib(total.raw)} | ${kib(total.gzip)} | ${kib(total.br)} | |`);
}
