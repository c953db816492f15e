// The files a bundle loads by relative path. The server and the optimizer
// locate a worker thread's entry with `new URL('./x.js', import.meta.url)`,
// which esbuild leaves alone, so that file must sit next to the bundle that
// ends up holding the expression; the bundle's own imports are relative
// paths too. build.mjs checks after bundling that every one resolves.
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const RELATIVE_JS = /(["'])(\.\.?\/[^"'\s]+\.m?js)\1/g;

/** Every relative .js/.mjs path written as a string literal in `text`. */
export function relativeJsPaths(text) {
  return [...new Set([...text.matchAll(RELATIVE_JS)].map((match) => match[2]))];
}

/** Each output file's relative paths, resolved; `missing` lists those with no file. */
export async function checkRelativePaths(outdir) {
  const files = (await readdir(outdir, { recursive: true })).filter((f) => /\.m?js$/.test(f));
  const found = [];
  const missing = [];
  for (const file of files) {
    const text = await readFile(path.join(outdir, file), 'utf8');
    for (const target of relativeJsPaths(text)) {
      const resolved = path.join(outdir, path.dirname(file), target);
      const exists = await access(resolved).then(
        () => true,
        () => false,
      );
      (exists ? found : missing).push(`${file} -> ${target}`);
    }
  }
  return { found, missing };
}
