// The import-cycle check on small fixture trees written to a temporary folder:
// it must name the files of a cycle and fail, and pass a tree without one.
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildImportGraph } from '../check-import-cycles.mjs';
import { exampleLoop, findCycles } from '../lint/graph-cycles.mjs';
import { TSCONFIG, checkCycles as check, checkCyclesCli, fixture } from './fixture-tree.mjs';

/** The cycles of a fixture as loops of root-relative paths, checked in process (fast). */
function loops(root, folders, options) {
  const graph = buildImportGraph(root, folders, options);
  return findCycles(graph).map((component) =>
    exampleLoop(graph, component)
      .map((file) => path.relative(root, file))
      .join(' -> '),
  );
}

describe('check-import-cycles', () => {
  it('fails and names each file of a cycle', async () => {
    const root = await fixture({
      'packages/a/tsconfig.json': TSCONFIG,
      'packages/a/src/a.ts': `import { b } from './b';\nexport const a = () => b();\n`,
      'packages/a/src/b.ts': `import { c } from './c';\nexport const b = () => c();\n`,
      'packages/a/src/c.ts': `import { a } from './a';\nexport const c = () => a;\n`,
      'packages/a/src/leaf.ts': `import { a } from './a';\nexport const leaf = a;\n`,
    });
    const result = await check(root, 'packages');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('import cycles: 1 found among 4 files');
    expect(result.stderr).toContain(
      'packages/a/src/a.ts -> packages/a/src/b.ts -> packages/a/src/c.ts -> packages/a/src/a.ts',
    );
    expect(result.stderr).not.toContain('leaf.ts');
  });

  it('follows workspace package names through node_modules to the source file', async () => {
    const root = await fixture({
      'packages/one/package.json': JSON.stringify({
        name: '@fx/one',
        type: 'module',
        exports: { '.': './src/index.ts', './*': './src/*.ts' },
      }),
      'packages/one/tsconfig.json': TSCONFIG,
      'packages/one/src/index.ts': `export { two } from '@fx/two/deep';\nexport const one = 1;\n`,
      'packages/two/package.json': JSON.stringify({
        name: '@fx/two',
        type: 'module',
        exports: { '.': './src/index.ts', './*': './src/*.ts' },
      }),
      'packages/two/tsconfig.json': TSCONFIG,
      'packages/two/src/deep.ts': `import { one } from '@fx/one';\nexport const two = () => one;\n`,
    });
    await mkdir(path.join(root, 'node_modules/@fx'), { recursive: true });
    await symlink('../../packages/one', path.join(root, 'node_modules/@fx/one'));
    await symlink('../../packages/two', path.join(root, 'node_modules/@fx/two'));
    expect(loops(root, ['packages'])).toEqual([
      'packages/one/src/index.ts -> packages/two/src/deep.ts -> packages/one/src/index.ts',
    ]);
  });

  it('passes a tree without cycles, and type-only cycles unless --include-types', async () => {
    const root = await fixture({
      'apps/x/tsconfig.json': TSCONFIG,
      'apps/x/src/main.ts': `import { run } from './runner';\nrun();\n`,
      'apps/x/src/runner.ts': `import type { Log } from './services';\nexport const run = (log?: Log) => log;\n`,
      'apps/x/src/services.ts': `import { run } from './runner';\nexport type Log = string;\nexport const start = run;\n`,
    });
    const plain = await check(root, 'apps');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('import cycles: none among 3 files');
    const withTypes = await check(root, '--include-types', 'apps');
    expect(withTypes.code).toBe(1);
    expect(withTypes.stderr).toContain(
      'apps/x/src/runner.ts -> apps/x/src/services.ts -> apps/x/src/runner.ts',
    );
  });

  it('counts an inline `type` specifier as a run-time import (verbatimModuleSyntax keeps it)', async () => {
    const root = await fixture({
      'apps/x/tsconfig.json': TSCONFIG,
      'apps/x/src/p.ts': `import { type Q } from './q';\nexport type P = Q;\n`,
      'apps/x/src/q.ts': `import { p } from './r';\nexport type Q = typeof p;\n`,
      'apps/x/src/r.ts': `import type { P } from './p';\nimport './p';\nexport const p: P | 1 = 1;\n`,
    });
    expect(loops(root, ['apps'])).toEqual([
      'apps/x/src/p.ts -> apps/x/src/q.ts -> apps/x/src/r.ts -> apps/x/src/p.ts',
    ]);
  });
  it('exits from its command line with the code and the report the tests read in process', async () => {
    // The other tests run main() in this process (fixture-tree.mjs); this holds the command
    // line to it once (a node of its own costs seconds), on a tree whose report goes to both
    // streams: no file cycle without type-only imports (stdout), a folder cycle (stderr, code 1).
    const root = await fixture({
      'packages/a/tsconfig.json': TSCONFIG,
      'packages/a/src/a.ts': `import { b } from './b';\nexport const a = () => b();\n`,
      'packages/a/src/b.ts': `import type { A } from './c';\nexport const b = (x?: A) => x;\n`,
      'packages/a/src/c.ts': `import { a } from './a';\nexport type A = typeof a;\n`,
    });
    const args = ['--folder-root', 'packages/*/src', 'packages'];
    const inProcess = await check(root, ...args);
    expect(inProcess.code).toBe(1);
    expect(inProcess.stdout).toContain('import cycles: none among 3 files');
    expect(inProcess.stderr).toContain('folder cycles: 1 found in packages/a/src');
    expect(await checkCyclesCli(root, ...args)).toEqual(inProcess);
  });
});

describe('findCycles (Tarjan)', () => {
  it('finds each strongly connected component and self-imports, nothing else', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d', 'f']],
      ['f', []],
      ['g', ['g']],
      ['h', ['a']],
    ]);
    expect(findCycles(graph).map((c) => c.join(','))).toEqual(
      expect.arrayContaining(['a,b,c', 'd,e', 'g']),
    );
    expect(findCycles(graph)).toHaveLength(3);
    expect(
      findCycles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });
});
