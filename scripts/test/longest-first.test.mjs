// The order files start in (scripts/vitest/longest-first.ts): long files of any project first,
// then each API project's files in one block, then the short ones; a group's files never mix
// with a later group's; vitest's own record of a file beats the committed table.
import { describe, expect, it } from 'vitest';
import { LongestFirst } from '../vitest/longest-first';

const ROOT = '/repo';
const spec = (project, path, groupOrder = 0) => ({
  project: { name: project, config: { sequence: { groupOrder } } },
  moduleId: `${ROOT}/${path}`,
});
const names = (specs) => specs.map((s) => `${s.project.name}:${s.moduleId.slice(ROOT.length + 1)}`);

/** A sequencer over a cache that knows `cached` (seconds by project:path) and nothing else. */
const sequencer = (cached = {}) =>
  new LongestFirst({
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key) =>
        key in cached ? { duration: cached[key] * 1000, failed: false } : undefined,
    },
  });

describe('longest first', () => {
  it('starts long files of any project first, then the API blocks, then the short files', async () => {
    const sorted = await sequencer({
      'web:a.test.ts': 1,
      'optimizer:replay.test.ts': 60,
      'tooling:rebuild.test.mjs': 40,
      'api:walk.test.ts': 45,
      'api:small.test.ts': 2,
      'api-pg:walk.test.ts': 30,
      'optimizer:short.test.ts': 5,
    }).sort([
      spec('web', 'a.test.ts'),
      spec('api-pg', 'walk.test.ts'),
      spec('api', 'small.test.ts'),
      spec('optimizer', 'short.test.ts'),
      spec('api', 'walk.test.ts'),
      spec('tooling', 'rebuild.test.mjs'),
      spec('optimizer', 'replay.test.ts'),
    ]);
    expect(names(sorted)).toEqual([
      'optimizer:replay.test.ts',
      'tooling:rebuild.test.mjs',
      'api:walk.test.ts',
      'api:small.test.ts',
      'api-pg:walk.test.ts',
      'optimizer:short.test.ts',
      'web:a.test.ts',
    ]);
  });

  it('keeps a later group after an earlier one, however long its files', async () => {
    const sorted = await sequencer({ 'latency:slow.test.ts': 90, 'web:a.test.ts': 1 }).sort([
      spec('latency', 'slow.test.ts', 1),
      spec('web', 'a.test.ts', 0),
    ]);
    expect(names(sorted)).toEqual(['web:a.test.ts', 'latency:slow.test.ts']);
  });

  it('reads the committed table when the cache does not know a file', async () => {
    // The table holds this repository's real files: startup's is long, a web file's short.
    const sorted = await sequencer().sort([
      spec('web', 'apps/web/src/lib/leave-words.test.ts'),
      spec('tooling', 'scripts/test/rebuild-while-running.test.mjs'),
    ]);
    expect(names(sorted)).toEqual([
      'tooling:scripts/test/rebuild-while-running.test.mjs',
      'web:apps/web/src/lib/leave-words.test.ts',
    ]);
  });
});
