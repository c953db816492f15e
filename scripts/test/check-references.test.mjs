// The reference check on planted trees: a page named in the wrong case, a path
// renamed away, a spec section and an issue number in a comment each fail,
// naming file and line; strings, regular expressions and docs' history do not;
// and the repository itself passes (npm run lint runs the same check).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkReferences, commentLines, NOT_READ } from '../check-references.mjs';
import { fixture } from './fixture-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(here, '../check-references.mjs');
const run = promisify(execFile);

/** A planted repository: the files, and `git init` so the check lists them as git does. */
async function repository(files) {
  const root = await fixture(files);
  await run('git', ['init', '-q'], { cwd: root });
  return root;
}

/** The check's command line on a root: its exit code and output. */
async function check(root) {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, '--root', root]);
    return { code: 0, output: stdout };
  } catch (error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

const GOOD = {
  'docs/formats.md': '# Formats\n\nBack to [the guide](guide.md); the code is src/b.ts.\n',
  'docs/guide.md': '# Guide\n\nThe formats: docs/formats.md. History: issue 12 made it.\n',
  'src/b.ts': '// Reads ./c.ts and docs/formats.md (file names end with .md or .ts).\nexport {};\n',
  'src/c.ts': "export const c = 'see OPTIMIZATION.md, spec section 9, issue 4';\n",
};

describe('references in comments and docs', () => {
  it('pass a tree whose every reference resolves, in strings and docs history too', async () => {
    const result = await check(await repository(GOOD));
    expect(result).toEqual({ code: 0, output: expect.stringContaining('Every reference') });
  });

  it('fail on a planted wrong case, a renamed path, a spec section and an issue, naming file and line', async () => {
    const root = await repository({
      ...GOOD,
      'docs/guide.md':
        '# Guide\n\nThe formats: docs/FORMATS.md.\nRenamed since: src/old-name.ts (spec section 4).\n',
      'src/a.ts': [
        '// Reads ./b.ts and docs/formats.md.',
        '/**',
        ' * Missing: docs/gone.md, as the spec',
        ' * section 9 says.',
        ' */',
        "export const a = 'issue 5 and spec section 2 are text'; // issue 7",
        'export const re = /\\/\\/ issue 8/; // a regex, not a comment',
        "export const t = `// issue 9 ${'x' /* issue 10 */}`;",
        '',
      ].join('\n'),
    });
    const result = await check(root);
    expect(result.code).toBe(1);
    const lines = result.output.split('\n').map((line) => line.trim());
    expect(lines.filter((line) => /^(docs|src)\//.test(line))).toEqual([
      'docs/guide.md:3: docs/FORMATS.md is not a file of the repository (in this case)',
      'docs/guide.md:4: src/old-name.ts is not a file of the repository (in this case)',
      'docs/guide.md:4: cites a spec section; state the rule or name the docs/ page',
      'src/a.ts:3: docs/gone.md is not a file of the repository (in this case)',
      'src/a.ts:3: cites a spec section; state the rule or name the docs/ page',
      'src/a.ts:6: cites an issue in a comment; say what it asks instead',
      'src/a.ts:8: cites an issue in a comment; say what it asks instead',
    ]);
  });

  it('leave the files it does not read alone, and read the others', async () => {
    const root = await repository({
      ...GOOD,
      'apps/api/migrations/0001_start.sql':
        '-- issue 3: see SECURITY.md\ncreate table t (x int);\n',
      'apps/api/src/start.ts': '-- not SQL here; // issue 3\n',
    });
    expect(NOT_READ.map((rule) => rule.prefix)).toContain('apps/api/migrations/');
    expect(checkReferences(root)).toEqual([
      'apps/api/src/start.ts:1: cites an issue in a comment; say what it asks instead',
    ]);
  });

  it('read comments only: strings, templates and regular expressions are code', () => {
    const source = [
      "const url = 'http://example.org'; // one",
      'const re = /[/]+/g; /* two',
      '   three */',
      'const s = `${a /* four */}` + "// not five";',
      'x = y / z; // six',
    ].join('\n');
    expect(commentLines(source, 'js').map(({ line, text }) => [line, text.trim()])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
      [4, 'four'],
      [5, 'six'],
    ]);
  });

  it('pass the repository, and run in npm run lint', async () => {
    const root = path.join(here, '../..');
    expect(checkReferences(root)).toEqual([]);
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.lint).toContain('node scripts/check-references.mjs');
  });
});
