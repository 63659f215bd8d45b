import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// Server modules (one per spec resource) use each other only through their index.ts.
const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const internalsOf = (module) => [`**/modules/${module}/*`, `../${module}/*`, `../../${module}/*`];
// Encoding and compressing answers is the http layer's: a cached row goes through http/ledger-cache.ts.
const NO_PLUGINS = { group: ['**/plugins/*'], message: 'Modules never import a plugin (their tests may).' };
const serverModuleBoundaries = () => [
  ...SERVER_MODULES.flatMap((module) => {
    const others = SERVER_MODULES.filter((other) => other !== module).map((other) => ({
      group: internalsOf(other),
      message: `Import the ${other} module through its index.ts only.`,
    }));
    const files = [`apps/server/src/modules/${module}/**/*.ts`];
    return [
      { files, rules: { 'no-restricted-imports': ['error', { patterns: others }] } },
      { files, ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...others, NO_PLUGINS] }] } },
    ];
  }),
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/jobs/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/*/*'], message: 'Import a module through its index.ts only.' }] }],
    },
  },
];

// Web features (one per screen area, named like the server module they mirror) use each other only through
// their index.ts; the router in app/ composes them.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureInternalsOf = (feature) => [`@/features/${feature}/*`, `**/features/${feature}/*`, `../${feature}/*`, `../../${feature}/*`];
const webFeatureBoundaries = () => [
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_FEATURES.filter((other) => other !== feature).map((other) => ({
              group: featureInternalsOf(other),
              message: `Import the ${other} feature through its index.ts only ('@/features/${other}').`,
            })),
            { group: ['@/app', '@/app/*', '**/app/**'], message: 'Features sit below app/: the router composes them.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*/*'], message: "Import a feature through its index.ts only ('@/features/x'); routes load lazily." }] },
      ],
    },
  },
];

// One lint setup for the repo. Import direction (conventions §3) is encoded here so it cannot rot:
// web lib/components/config never import features or app, and features use each other only through their
// index.ts and never import app; server lib/plugins/http/card-providers/db never import modules (and lib never
// imports http or plugins), modules import each other only through their index.ts; and nothing imports in a cycle.
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
  ...webFeatureBoundaries(),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/server/src/lib/**', 'apps/server/src/plugins/**', 'apps/server/src/filter/**', 'apps/server/src/card-providers/**', 'apps/server/src/http/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'Shared server code sits below the modules.' }] }],
    },
  },
  {
    // lib is the bottom layer: what http and plugins build on (the caller included) never imports them.
    files: ['apps/server/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'Shared server code sits below the modules.' },
            { group: ['**/http/**', '**/plugins/**'], message: 'lib sits below http and plugins.' },
          ],
        },
      ],
    },
  },
  ...serverModuleBoundaries(),
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/server.ts', 'apps/server/src/rotate-signing-key.ts', 'apps/server/src/db/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
