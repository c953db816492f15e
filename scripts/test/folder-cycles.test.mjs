// The folder-level cycle check on planted trees: a cycle between folders fails
// (type-only imports included) with the loop and the imports that make it, a
// layered tree passes, and `npm run lint` runs the check on every source root.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TSCONFIG, checkCycles, fixture } from './fixture-tree.mjs';

const ts = (text) => `${text}\n`;

/** A package whose src has layers runtime -> algorithms -> core, and nothing pointing up. */
const LAYERED = {
  'packages/opt/tsconfig.json': TSCONFIG,
  'packages/opt/src/index.ts': ts(`export { solve } from './runtime/solve';`),
  'packages/opt/src/runtime/solve.ts': ts(
    `import { greedy } from '../algorithms/greedy';\nimport type { Options } from '../core/options';\nexport const solve = (o: Options) => greedy(o);`,
  ),
  'packages/opt/src/algorithms/greedy.ts': ts(
    `import type { Options } from '../core/options';\nexport const greedy = (o: Options) => o.seed;`,
  ),
  'packages/opt/src/core/options.ts': ts(`export interface Options { seed: number }`),
};

/** The check's arguments in the root package.json's lint script. */
function lintArguments() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const pkg = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8'));
  const command = pkg.scripts.lint.split('&&').find((part) => part.includes('check-import-cycles'));
  const words = command
    .trim()
    .match(/'[^']*'|\S+/g)
    .slice(2);
  return words.map((word) => word.replace(/^'(.*)'$/, '$1'));
}

describe('folder cycles', () => {
  it('pass a layered tree', async () => {
    const root = await fixture(LAYERED);
    const result = await checkCycles(root, '--folder-root', 'packages/*/src', 'packages');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('folder cycles: none in packages/opt/src');
  });

  it('fail on a planted type-only import from a lower folder to a higher one, naming the loop and its imports', async () => {
    const root = await fixture({
      ...LAYERED,
      // core needs a type of the runtime's: no file cycle, but core/ and runtime/ are one piece.
      'packages/opt/src/runtime/limits.ts': ts(`export type Limit = number;`),
      'packages/opt/src/core/options.ts': ts(
        `import type { Limit } from '../runtime/limits';\nexport interface Options { seed: number; limit?: Limit }`,
      ),
    });
    const withoutFolders = await checkCycles(root, '--include-types', 'packages');
    expect(withoutFolders.code).toBe(0);
    const result = await checkCycles(root, '--folder-root', 'packages/*/src', 'packages');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('folder cycles: 1 found in packages/opt/src');
    // core/ -> runtime/ -> algorithms/ -> core/: one import named for each step.
    expect(result.stderr).toContain(
      [
        '- in packages/opt/src/: algorithms/ -> core/ -> runtime/ -> algorithms/',
        '    algorithms/greedy.ts imports core/options.ts',
        '    core/options.ts imports runtime/limits.ts',
        '    runtime/solve.ts imports algorithms/greedy.ts',
      ].join('\n'),
    );
  });

  it('fail on a cycle through three folders, and between sibling folders deeper down', async () => {
    const root = await fixture({
      'apps/web/tsconfig.json': TSCONFIG,
      'apps/web/src/main.ts': ts(`import './features/jobs/page';`),
      'apps/web/src/features/jobs/page.ts': ts(
        `import { table } from './components/table';\nexport const page = table;`,
      ),
      'apps/web/src/features/jobs/components/table.ts': ts(
        `import { fetchJobs } from '../api/get-jobs';\nexport const table = fetchJobs;`,
      ),
      'apps/web/src/features/jobs/api/get-jobs.ts': ts(
        `import type { Row } from '../components/row';\nexport const fetchJobs = (): Row[] => [];`,
      ),
      'apps/web/src/features/jobs/components/row.ts': ts(`export type Row = { id: string };`),
      'apps/web/src/lib/format.ts': ts(
        `import { page } from '../features/jobs/page';\nexport const f = page;`,
      ),
      'apps/web/src/components/button.ts': ts(
        `import { f } from '../lib/format';\nexport const b = f;`,
      ),
      'apps/web/src/features/other/x.ts': ts(
        `import { b } from '../../components/button';\nexport const x = b;`,
      ),
    });
    const result = await checkCycles(root, '--folder-root', 'apps/web/src', 'apps');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('folder cycles: 2 found');
    expect(result.stderr).toContain(
      '- in apps/web/src/: components/ -> lib/ -> features/ -> components/',
    );
    expect(result.stderr).toContain(
      '- in apps/web/src/features/jobs/: api/ -> components/ -> api/',
    );
  });

  it('count a loose file of a folder as its own node: an index re-exporting a folder that imports a sibling file is no cycle', async () => {
    const root = await fixture({
      'packages/dom/tsconfig.json': TSCONFIG,
      'packages/dom/src/index.ts': ts(`export * from './dates';\nexport * from './model/score';`),
      'packages/dom/src/dates.ts': ts(`export const day = (d: string) => d.slice(0, 10);`),
      'packages/dom/src/model/score.ts': ts(
        `import { day } from '../dates';\nexport const score = day;`,
      ),
    });
    const result = await checkCycles(root, '--folder-root', 'packages/dom/src', 'packages');
    expect(result.code).toBe(0);
  });

  it('refuse a folder root that does not exist', async () => {
    const root = await fixture(LAYERED);
    const result = await checkCycles(root, '--folder-root', 'apps/*/src', 'packages');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--folder-root apps/*/src: no such folder');
  });

  it('are checked by npm run lint in every source root: its own arguments fail a planted cycle', async () => {
    const args = lintArguments();
    const roots = args.filter((_, i) => args[i - 1] === '--folder-root');
    expect(roots).toEqual(
      expect.arrayContaining(['packages/*/src', 'apps/api/src', 'apps/web/src']),
    );
    // Every root the lint script names exists in the fixture (a missing one is an error of its own).
    const otherRoots = Object.fromEntries(
      roots
        .filter((root) => !root.includes('*'))
        .map((root) => [`${root}/main.ts`, ts(`export const main = 1;`)]),
    );
    const clean = await fixture({ ...LAYERED, ...otherRoots });
    expect((await checkCycles(clean, ...args)).code).toBe(0);
    const planted = await fixture({
      ...LAYERED,
      ...otherRoots,
      'packages/opt/src/runtime/limits.ts': ts(`export const LIMIT = 10;`),
      'packages/opt/src/algorithms/greedy.ts': ts(
        `import type { LIMIT } from '../runtime/limits';\nexport const greedy = (o: { seed: number }): typeof LIMIT => o.seed;`,
      ),
    });
    const result = await checkCycles(planted, ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('algorithms/ -> runtime/ -> algorithms/');
  });
});
