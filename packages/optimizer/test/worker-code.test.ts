import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./support/start-portfolio-thread.ts', import.meta.url));
const runnable = /\.(m|c)?js$/;
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

describe('solver thread code (issue 12, hole 1)', () => {
  it('comes from the project, never from the shared temporary folder: a planted file is not run', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'meridian-planted-'));
    folders.push(tmp);
    const first = startThreadWith(tmp);
    expect(first.stdout, first.stderr).toContain('status=');
    // Whatever runnable file a run leaves in the temporary folder, another login could write first.
    const written = readdirSync(tmp).filter((name) => runnable.test(name));
    const marker = join(tmp, 'planted-code-ran');
    for (const name of written) {
      writeFileSync(
        join(tmp, name),
        `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'ran');`,
      );
    }
    const second = startThreadWith(tmp);
    expect(existsSync(marker)).toBe(false);
    expect(second.stdout, second.stderr).toContain('status=');
    expect(written).toEqual([]);
  });
});
