import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./support/start-portfolio-thread.ts', import.meta.url));
const runnable = /\.(m|c)?js$/;
/** The optimizer's built worker files (packages/optimizer/dist/workers). */
const builtWorkers = fileURLToPath(new URL('../dist/workers/', import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the fixture with `tmp` as the process's temporary folder. */
const startThreadWith = (tmp: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', fixture], {
    encoding: 'utf8',
    env: { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp },
    timeout: 90_000,
  });

describe('solver thread code (docs/security.md, hole 1)', () => {
  it('comes from the project, never from the shared temporary folder: a planted file is not run', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'meridian-planted-'));
    folders.push(tmp);
    const first = startThreadWith(tmp);
    expect(first.stdout, first.stderr).toContain('status=');
    // A run leaves no runnable file in the temporary folder, which another login could write.
    const written = readdirSync(tmp).filter((name) => runnable.test(name));
    expect(written).toEqual([]);
    // Plant code under every name a worker file has in the build (and as the older builds that
    // wrote their bundle there named it), as another login could before a run: none may run.
    const marker = join(tmp, 'planted-code-ran');
    const planted = readdirSync(builtWorkers).filter((name) => runnable.test(name));
    expect(planted.length).toBeGreaterThan(0);
    for (const name of [...planted, ...planted.map((n) => `meridian-${n}`)])
      writeFileSync(
        join(tmp, name),
        `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'ran');`,
      );
    // The planted files are runnable: this check can fail.
    const probe = spawnSync(process.execPath, [join(tmp, planted[0]!)], { encoding: 'utf8' });
    expect(probe.status, probe.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    const second = startThreadWith(tmp);
    expect(existsSync(marker)).toBe(false);
    expect(second.stdout, second.stderr).toContain('status=');
  });
});
