// One lint gate for the whole repository. The import bans below are the
// architecture's arrows (docs/ARCHITECTURE.md): packages never import apps,
// the web app never imports the server or the optimizer, domain stays pure.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const banned = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((group) => ({
        group: [group],
        message: 'This import crosses an architecture boundary (docs/ARCHITECTURE.md).',
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'data-demo/**',
      '.test-data/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
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
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['packages/**'], rules: banned('@meridian/api', '@meridian/web', '**/apps/**') },
  {
    files: ['packages/domain/**'],
    rules: banned('@meridian/contracts', '@meridian/optimizer', '**/apps/**', 'fastify', 'pg'),
  },
  {
    files: ['packages/contracts/**'],
    rules: banned('@meridian/optimizer', '**/apps/**'),
  },
  {
    files: ['packages/optimizer/**'],
    rules: banned('@meridian/contracts', '**/apps/**', 'fastify', 'pg', 'kysely'),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...banned(
        '@meridian/api',
        '@meridian/optimizer',
        '**/apps/api/**',
        '**/packages/optimizer/**',
      ),
    },
  },
  { files: ['apps/api/**'], rules: banned('@meridian/web', '**/apps/web/**') },
);
