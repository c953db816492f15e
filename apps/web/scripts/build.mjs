// `npm run build -w apps/web`: the Vite build, written to a new folder
// (.dist/<stamp>) and then published as apps/web/dist in one rename, so a
// running server never sees its pages half rewritten (scripts/build/versioned-dist.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { newBuildDir, publishBuild } from '../../../scripts/build/versioned-dist.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = newBuildDir(root);
await build({ root, build: { outDir, emptyOutDir: false } });
publishBuild(root, outDir);
console.log(`apps/web/dist -> ${path.relative(root, outDir)}`);
