import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// One lint setup for the repo. Import direction (conventions §3) is encoded here so it cannot rot:
// web lib/components never import features or app; server lib/plugins never import modules.
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/db/migrations/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/config/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'lib, components and config sit below features and app.' }] }],
    },
  },
  {
    files: ['apps/server/src/lib/**', 'apps/server/src/plugins/**', 'apps/server/src/filter/**', 'apps/server/src/payments/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'Shared server code sits below the modules.' }] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/server.ts', 'apps/server/src/db/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
