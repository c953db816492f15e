// Proves each import ban of eslint.config.js with the repository's real
// configuration: a forbidden import (by package name and by relative path) is
// reported by meridian/import-boundaries, an allowed one is not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'meridian/import-boundaries';

/** @type {ESLint} */
let eslint;
beforeAll(() => {
  // The real config; only the type-aware rules are switched off, because these
  // files do not exist on disk and the boundary rule needs no types.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The boundary messages for `code` linted as if it were the file at `file`. */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE && m.severity === 2);
}

const FORBIDDEN = [
  // packages never import apps, by name or path (the first row is the audit's bypass)
  ['packages/domain/src/x.ts', `import { buildApp } from '@meridian/api';`],
  ['packages/domain/src/x.ts', `import { App } from '@meridian/web/src/app/app';`],
  ['packages/domain/src/x.ts', `import { buildApp } from '../../../apps/api/src/app';`],
  ['packages/contracts/src/x.ts', `import { buildApp } from '@meridian/api';`],
  ['packages/contracts/src/x.ts', `import { App } from '../../../apps/web/src/app/app';`],
  ['packages/optimizer/src/core/x.ts', `import { buildApp } from '@meridian/api/src/app';`],
  ['packages/optimizer/src/core/x.ts', `import { buildApp } from '../../../../apps/api/src/app';`],
  // domain imports nothing of ours
  ['packages/domain/src/x.ts', `import { ErrorBodySchema } from '@meridian/contracts';`],
  ['packages/domain/src/x.ts', `import { solve } from '@meridian/optimizer';`],
  ['packages/domain/src/x.ts', `import { ErrorBodySchema } from '../../contracts/src/index';`],
  ['packages/domain/src/x.ts', `import fastify from 'fastify';`],
  // contracts import only domain
  ['packages/contracts/src/x.ts', `import { solve } from '@meridian/optimizer';`],
  ['packages/contracts/src/x.ts', `export * from '../../optimizer/src/index';`],
  // the optimizer never touches contracts, HTTP or the database
  ['packages/optimizer/src/x.ts', `import { ErrorBodySchema } from '@meridian/contracts';`],
  ['packages/optimizer/src/x.ts', `import pg from 'pg';`],
  // web never imports the server or the optimizer, by name or path (second row: the audit's bypass)
  ['apps/web/src/lib/x.ts', `import { buildApp } from '@meridian/api';`],
  ['apps/web/src/lib/x.ts', `import { buildApp } from '../../../api/src/app';`],
  ['apps/web/src/features/jobs/api/x.ts', `import type { App } from '../../../../../api/src/app';`],
  ['apps/web/src/lib/x.ts', `import { solve } from '@meridian/optimizer';`],
  ['apps/web/src/lib/x.ts', `import { solve } from '../../../../packages/optimizer/src/index';`],
  ['apps/web/src/lib/x.ts', `const m = () => import('../../../api/src/app');`],
  ['apps/web/src/lib/x.ts', `export { buildApp } from '@meridian/api/src/app';`],
  [
    'apps/web/src/lib/x.ts',
    `import { buildApp } from '../../../../node_modules/@meridian/api/src/app';`,
  ],
  // api never imports web
  ['apps/api/src/x.ts', `import { App } from '@meridian/web/src/app/app';`],
  ['apps/api/src/jobs/x.ts', `import { App } from '../../../web/src/app/app';`],
  // the optimizer only through its entry points (package.json exports), never its internals
  ['apps/api/src/x.ts', `import { compileInstance } from '@meridian/optimizer/core/compile';`],
  ['apps/api/src/x.ts', `import type { KitCoverJob } from '@meridian/optimizer/kits/types';`],
  ['apps/api/src/x.ts', `import { solve } from '@meridian/optimizer/src/index';`],
  [
    'apps/api/src/kinds/x.ts',
    `import { alns } from '../../../../packages/optimizer/src/local-search/alns';`,
  ],
  [
    'apps/api/test/x.test.ts',
    `import { SolutionState } from '../../../packages/optimizer/src/core/solution';`,
  ],
  ['e2e/tests/x.test.ts', `import { solve } from '../../packages/optimizer/src/index';`],
];

const ALLOWED = [
  [
    'packages/domain/src/x.ts',
    `import { z } from 'zod';\nimport { haversineMiles } from './distance';`,
  ],
  ['packages/contracts/src/x.ts', `import { JobSchema } from '@meridian/domain';`],
  ['packages/optimizer/src/x.ts', `import { JobSchema } from '@meridian/domain';`],
  [
    'apps/api/src/x.ts',
    `import { solve } from '@meridian/optimizer';\nimport { ErrorBodySchema } from '@meridian/contracts';`,
  ],
  ['apps/api/src/kinds/x.ts', `import { assignKitsPathCover } from '@meridian/optimizer/kits';`],
  // inside the optimizer, its own files by path
  ['packages/optimizer/test/x.test.ts', `import { compileInstance } from '../src/core/compile';`],
  [
    'apps/web/src/features/jobs/components/x.tsx',
    `import { useJobs } from '../api/get-jobs';\nimport { ErrorBodySchema } from '@meridian/contracts';`,
  ],
  [
    'apps/web/src/lib/x.ts',
    `import { apiRequest } from './api-client';\nimport { JobSchema } from '@meridian/domain';`,
  ],
];

describe('meridian/import-boundaries', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code) => {
    const errors = await boundaryErrors(file, `${code}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/docs\/ARCHITECTURE\.md/);
  });

  it.each(ALLOWED)('allows %s: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\n`)).toEqual([]);
  });

  it('names the zone, its target and the rule in the message', async () => {
    const [error] = await boundaryErrors(
      'apps/web/src/lib/x.ts',
      `import { buildApp } from '../../../api/src/app';\n`,
    );
    expect(error?.message).toBe(
      "'../../../api/src/app' reaches api, which web may not import (web may import only domain, contracts; docs/ARCHITECTURE.md).",
    );
  });

  it("names the optimizer's entry points when a path reaches inside it", async () => {
    const [error] = await boundaryErrors(
      'apps/api/src/x.ts',
      `import { compileInstance } from '@meridian/optimizer/core/compile';\n`,
    );
    expect(error?.message).toBe(
      "'@meridian/optimizer/core/compile' reaches inside optimizer, which api may import only as '@meridian/optimizer' or '@meridian/optimizer/kits' (docs/ARCHITECTURE.md).",
    );
  });
});
