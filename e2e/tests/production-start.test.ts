import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NO_RUN_TIME_COMPILERS } from '../support/server';
import { provided } from '../support/provided';

/** Runs a one-line script under the guard every browser-test server starts with. */
const underGuard = (type: 'module' | 'commonjs', code: string) =>
  spawnSync(
    process.execPath,
    ['--import', NO_RUN_TIME_COMPILERS, `--input-type=${type}`, '-e', code],
    {
      encoding: 'utf8',
    },
  );

describe('production start', () => {
  it('the guard refuses tsx and esbuild, by import and by require', () => {
    for (const [type, code] of [
      ['module', "await import('tsx/esm/api');"],
      ['module', "await import('esbuild');"],
      ['commonjs', "require('tsx/cjs');"],
      ['commonjs', "require('esbuild');"],
    ] as const) {
      const run = underGuard(type, code);
      expect(run.status, code).not.toBe(0);
      expect(run.stderr, code).toContain('run-time compiler refused');
    }
    // And lets everything else load, so a refusal above is not a broken preload.
    expect(underGuard('module', "await import('fastify');").status).toBe(0);
  });

  it('the server built by npm run build answers under that guard (it started with plain node)', async () => {
    const health = await fetch(new URL('/api/v1/health', provided('baseUrl')));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });
});
