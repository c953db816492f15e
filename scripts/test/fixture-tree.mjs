// Temporary source trees for the tooling tests: written per test, removed after it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach } from 'vitest';

export const CYCLE_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../check-import-cycles.mjs',
);

/** A tsconfig for a fixture package whose sources live in src/. */
export const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true },
  include: ['src'],
});

const roots = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** Writes files (path -> text) into a new temporary root and returns it. */
export async function fixture(files) {
  const root = await mkdtemp(path.join(tmpdir(), 'meridian-cycles-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const run = promisify(execFile);

/** Runs the cycle check on a root; resolves to its exit code and output. */
export async function checkCycles(root, ...args) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CYCLE_SCRIPT, '--root', root, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}
