// `npm run build -w apps/web`: the Vite build, written to a new folder
// (.dist/<stamp>) and then published as apps/web/dist in one rename, so a
// running server never sees its pages half rewritten (scripts/build/versioned-dist.mjs).
// /login and /my-schedule are rendered ahead into their own pages
// (scripts/prerender.mjs); then text
// files get .br and .gz copies, for the server to send as they are.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';
import { prerender } from './prerender.mjs';
import { newBuildDir, publishBuild } from '../../../scripts/build/versioned-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = newBuildDir(root);
await build({ root, build: { outDir, emptyOutDir: false } });
for (const page of await prerender(root, outDir))
  console.log(
    `prerendered ${page.route}: ${(page.htmlBytes / 1024).toFixed(0)} KiB of HTML, ${(page.cssBytes / 1024).toFixed(0)} KiB of CSS`,
  );
const { plain, brotli } = precompress(outDir);
console.log(
  `precompressed: ${(plain / 1024).toFixed(0)} KiB of text, ${(brotli / 1024).toFixed(0)} KiB as brotli`,
);
publishBuild(root, outDir);
console.log(`apps/web/dist -> ${path.relative(root, outDir)}`);
