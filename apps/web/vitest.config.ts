import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildConstants } from './build-constants';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // React's automatic JSX runtime, without loading the Vite React plugin (Fast Refresh is useless here).
  oxc: { jsx: { runtime: 'automatic' } },
  define: buildConstants,
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'compress-assets.test.ts', 'prerender-pages.test.ts', 'page-stylesheet.test.ts', 'inline-theme-init.test.ts', 'portal-preloads.test.ts', 'route-chunks.test.ts', 'eslint-boundaries.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Let src/design-tokens.test.ts read index.css (?raw); other CSS stays stubbed out.
    css: { include: [/src\/index\.css/] },
    restoreMocks: true,
    // Component tests load lazy route modules and wait on debounced searches.
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
