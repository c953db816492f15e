// Proves meridian/feature-isolation with the repository's real configuration:
// a web feature importing another feature is reported, whatever the depth of
// the file; its own files, shared components/ and lib/, and app/ are not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'meridian/feature-isolation';

/** @type {ESLint} */
let eslint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

async function isolationErrors(file, code) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE && m.severity === 2);
}

const FORBIDDEN = [
  [
    'apps/web/src/features/assignments/components/x.tsx',
    `import { OptimizationControls } from '../../optimization/components/optimization-controls';`,
  ],
  ['apps/web/src/features/kits/kits-route.ts', `import { x } from '../roster/api/get-roster';`],
  ['apps/web/src/features/kits/api/x.ts', `export { x } from '../../roster/api/get-roster';`],
  ['apps/web/src/features/kits/api/x.ts', `const m = () => import('../../admin/admin-route');`],
];

const ALLOWED = [
  ['apps/web/src/features/kits/components/x.tsx', `import { useKits } from '../api/update-kit';`],
  [
    'apps/web/src/features/kits/components/x.tsx',
    `import { PageHeader } from '../../../components/page-header';\nimport { apiRequest } from '../../../lib/api-client';`,
  ],
  [
    'apps/web/src/app/routes/x.tsx',
    `import { AssignmentsPage } from '../../features/assignments/components/assignments-page';\nimport { OptimizationControls } from '../../features/optimization/components/optimization-controls';`,
  ],
];

describe('meridian/feature-isolation', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code) => {
    const errors = await isolationErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/features do not import each other/);
  });

  it.each(ALLOWED)('allows %s: %s', async (file, code) => {
    expect(await isolationErrors(file, code)).toEqual([]);
  });
});
