// Temporary source trees for the tooling tests (written per test, removed after it),
// and the import-cycle check run on them.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach } from 'vitest';
import { main } from '../check-import-cycles.mjs';

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

/**
 * Runs the cycle check on a root in this process (check-import-cycles.mjs's
 * main, its report collected): resolves to its exit code and output, as the
 * command line would give them. A node per call loaded the TypeScript compiler
 * again each time, most of these files' time (docs/testing.md, "Where the time
 * goes"); `checkCyclesCli` runs the real command line, to hold the two equal.
 */
export async function checkCycles(root, ...args) {
  const output = { stdout: '', stderr: '' };
  const code = main(['--root', root, ...args], {
    log: (line) => (output.stdout += `${line}\n`),
    error: (line) => (output.stderr += `${line}\n`),
  });
  return { code, ...output };
}

/** Runs the cycle check's command line on a root in a node of its own. */
export async function checkCyclesCli(root, ...args) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CYCLE_SCRIPT, '--root', root, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}
