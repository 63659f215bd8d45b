import { fileURLToPath, URL } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { buildConstants } from './build-constants';

/**
 * Rules, formatters and the build's helpers (`*.test.ts`) run in Node: a jsdom window and the component
 * setup cost each file more than its tests. Components (`*.test.tsx`) and the `.test.ts` files that read the
 * browser's storage run in jsdom with src/test/setup.ts.
 */
const DOM_TESTS = ['src/**/*.test.tsx', 'src/lib/api/client.test.ts', 'src/lib/i18n/initial-language.test.ts'];
const NODE_ISOLATED = ['src/lib/formatter-warm-ups.test.ts'];
const NODE_TESTS = ['src/**/*.test.ts', 'compress-assets.test.ts', 'prerender-pages.test.ts', 'page-stylesheet.test.ts', 'inline-theme-init.test.ts', 'portal-preloads.test.ts', 'route-chunks.test.ts', 'feature-chunks.test.ts', 'eslint-boundaries.test.ts'];

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // React's automatic JSX runtime, without loading the Vite React plugin (Fast Refresh is useless here).
  oxc: { jsx: { runtime: 'automatic' } },
  define: buildConstants,
  test: {
    globals: true,
    // Let src/design-tokens.test.ts read index.css (?raw); other CSS stays stubbed out.
    css: { include: [/src\/index\.css/] },
    restoreMocks: true,
    // Component tests load lazy route modules and wait on debounced searches.
    testTimeout: 20_000,
    unstubGlobals: true,
    // Vitest's default leaves one of two cores to its main process, which mostly waits.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'dom', environment: 'jsdom', include: DOM_TESTS, setupFiles: ['src/test/setup.ts'] } },
      // Node files share their worker's loaded modules, but for one that counts the formatters lib/format.ts made.
      { extends: true, test: { name: 'node', environment: 'node', include: NODE_TESTS, exclude: [...configDefaults.exclude, ...DOM_TESTS, ...NODE_ISOLATED], isolate: false } },
      { extends: true, test: { name: 'node-isolated', environment: 'node', include: NODE_ISOLATED } },
    ],
  },
});
