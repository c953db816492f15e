// The deprecated-package check on planted lockfiles: a "deprecated" field
// npm wrote, and a release on the known list, each fail naming the package;
// a clean tree passes, and `npm run lint` runs the check on the real lockfile.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareVersions, findDeprecated } from '../check-deprecated.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(here, '../check-deprecated.mjs');

const lockfile = (packages) => ({
  name: 'x',
  lockfileVersion: 3,
  packages: { '': {}, ...packages },
});

/** Runs the check's command line on a planted lockfile: its exit code and output. */
async function run(lock) {
  const dir = await mkdtemp(path.join(tmpdir(), 'deprecated-'));
  const file = path.join(dir, 'package-lock.json');
  await writeFile(file, JSON.stringify(lock));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, file]);
    return { code: 0, output: stdout };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

describe('deprecated packages', () => {
  it('fail on a "deprecated" field npm wrote into the lockfile', async () => {
    const result = await run(
      lockfile({
        'node_modules/left-pad': {
          version: '1.3.0',
          deprecated: 'use String.prototype.padStart()',
        },
        'node_modules/zod': { version: '4.6.7' },
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('left-pad@1.3.0: use String.prototype.padStart()');
    expect(result.output).not.toContain('zod');
  });

  it('fail on a known deprecated release wherever it is nested, and pass its maintained majors', () => {
    const found = findDeprecated(
      lockfile({
        'node_modules/a/node_modules/glob': { version: '7.2.3' },
        'node_modules/glob': { version: '14.0.6' },
        'node_modules/inflight': { version: '1.0.6' },
        'node_modules/rimraf': { version: '6.0.1' },
        'apps/api': { version: '0.1.0' },
        'node_modules/@meridian/api': { link: true, resolved: 'apps/api' },
      }),
    );
    expect(found).toEqual([
      'glob@7.2.3: versions before 9 are deprecated on npm (issue 22) (node_modules/a/node_modules/glob)',
      'inflight@1.0.6: deprecated on npm (issue 22) (node_modules/inflight)',
    ]);
  });

  it('compare versions by number, not as text', () => {
    expect(compareVersions('10.0.0', '9.0.0')).toBe(1);
    expect(compareVersions('0.10.14', '0.11.0')).toBe(-1);
    expect(compareVersions('9.0.0-rc.1', '9.0.0')).toBe(0);
  });

  it('pass the repository lockfile, and run in npm run lint', async () => {
    const root = path.join(here, '../..');
    const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
    expect(findDeprecated(lock)).toEqual([]);
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.lint).toContain('node scripts/check-deprecated.mjs');
  });
});
