// One lint gate for the whole repository. The import arrows of
// docs/ARCHITECTURE.md are one rule with one table (scripts/lint/import-boundaries.mjs):
// every import, by package name or by relative path, is resolved to the
// workspace folder it lands in and checked against that table. Import cycles
// are checked by scripts/check-import-cycles.mjs (npm run lint runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginSecurity from 'eslint-plugin-security';
import globals from 'globals';
import { meridianLintPlugin } from './scripts/lint/import-boundaries.mjs';

/**
 * Who may import whom. A zone always may import its own folder; `mayImport`
 * lists the other zones it may reach; `bannedPackages` are third-party
 * packages it must not use. Files outside every zone (root configs, scripts/)
 * are not checked.
 */
export const IMPORT_ZONES = [
  // Pure model: zod only.
  {
    name: 'domain',
    folder: 'packages/domain',
    packageName: '@meridian/domain',
    mayImport: [],
    bannedPackages: ['fastify', 'pg', 'kysely', 'react'],
  },
  {
    name: 'contracts',
    folder: 'packages/contracts',
    packageName: '@meridian/contracts',
    mayImport: ['domain'],
    bannedPackages: ['fastify', 'pg', 'kysely', 'react'],
  },
  // Runs headless from `npm run solve`: never HTTP, never the database. Others
  // reach it only through its public entry points (package.json `exports`).
  {
    name: 'optimizer',
    folder: 'packages/optimizer',
    packageName: '@meridian/optimizer',
    mayImport: ['domain'],
    bannedPackages: ['fastify', 'pg', 'kysely', 'react'],
    entryPoints: ['@meridian/optimizer', '@meridian/optimizer/kits'],
  },
  {
    name: 'api',
    folder: 'apps/api',
    packageName: '@meridian/api',
    mayImport: ['domain', 'contracts', 'optimizer'],
  },
  {
    name: 'web',
    folder: 'apps/web',
    packageName: '@meridian/web',
    mayImport: ['domain', 'contracts'],
  },
  // Browser tests drive the real server and app from outside; nothing imports them.
  {
    name: 'e2e',
    folder: 'e2e',
    packageName: '@meridian/e2e',
    mayImport: ['domain', 'contracts', 'optimizer', 'api', 'web'],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.dist/**',
      '.tmp/**',
      '**/.build-test-*/**',
      'data/**',
      'data-demo/**',
      '.test-data/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  pluginSecurity.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-duplicate-imports': ['error', { includeExports: false, allowSeparateTypeImports: true }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // detect-object-injection reports every non-literal index (over a thousand,
    // nearly all numbers into typed arrays); its type-aware form reports only keys
    // that may be any string (scripts/lint/string-key-injection.mjs).
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { meridian: meridianLintPlugin },
    rules: {
      'security/detect-object-injection': 'off',
      'meridian/string-key-injection': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests, benches, e2e and the repository's own scripts never ship and read
    // no untrusted input: they open fixtures and folders they made themselves
    // and build patterns from their own constants, so the security rules on
    // paths, patterns and keys would only report that.
    files: [
      '**/test/**',
      '**/*.test.{ts,tsx,mjs}',
      '**/bench/**',
      'e2e/**',
      'scripts/**',
      'apps/api/scripts/**',
      'apps/web/scripts/**',
      'packages/optimizer/scripts/**',
    ],
    rules: {
      'security/detect-non-literal-fs-filename': 'off',
      'security/detect-non-literal-regexp': 'off',
      'security/detect-object-injection': 'off',
      'security/detect-unsafe-regex': 'off',
      'meridian/string-key-injection': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { meridian: meridianLintPlugin },
    rules: {
      'meridian/import-boundaries': ['error', { root: import.meta.dirname, zones: IMPORT_ZONES }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { meridian: meridianLintPlugin },
    rules: {
      'meridian/feature-isolation': [
        'error',
        { featuresRoot: `${import.meta.dirname}/apps/web/src/features` },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Accessibility of the JSX itself (labels, roles, keyboard handlers); axe checks the rendered
  // screens in the browser suite (e2e/tests/accessibility.test.ts).
  {
    ...jsxA11y.flatConfigs.strict,
    files: ['apps/web/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      // The first field of a dialog takes the focus, as the WAI-ARIA dialog pattern asks; a
      // plain element never does.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
);
