import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildConstants } from './build-constants';
import { compressAssets } from './compress-assets';
import { paths } from './src/config/paths';
import { inlineThemeInit } from './inline-theme-init';
import { portalPreloads } from './portal-preloads';
import { prerenderPages } from './prerender-pages';
import { routeChunks } from './route-chunks';

/** The API lives on the same origin in production; in dev both services run on the Fastify server. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const alias = { '@': source('./src') };

/** Public pages whose HTML is rendered at build time: they show before their JavaScript has run. */
const PRERENDERED_PAGES = [paths.login];

/**
 * Public pages sent as index.html was built, without the portal layout's preloads (portal-preloads.ts). Not
 * /login-callback: single sign-on goes from it straight into the portal.
 */
const PLAIN_PAGES = [paths.logout, paths.forgotPassword, paths.resetPassword, paths.privacyPolicy, paths.termsOfUse];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The theme script in index.html's <head> itself, not a request the first paint waits for.
    inlineThemeInit(fileURLToPath(new URL('./theme-init.js', import.meta.url))),
    // The public pages' HTML, rendered in Node with the same aliases and constants (src/prerender.tsx).
    prerenderPages({
      entry: 'src/prerender.tsx',
      boot: 'src/hydrate.ts',
      stylesheet: 'src/index.css',
      pages: PRERENDERED_PAGES,
      ssrConfig: { plugins: [react()], define: buildConstants, resolve: { alias } },
    }),
    // The page every signed-in path is sent also preloads the portal layout's chunks.
    portalPreloads({ layout: 'src/app/layouts/portal-layout.tsx', plainPages: PLAIN_PAGES }),
    // Writes the Brotli and gzip files the server sends (nothing is compressed per request).
    compressAssets(),
  ],
  define: buildConstants,
  resolve: { alias },
  server: {
    // Anchored patterns: a plain '/a' key would also swallow '/assets/...'.
    proxy: {
      '^/a/': { target: API_TARGET, changeOrigin: false },
      '^/b/': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by portal-preloads.ts for the portal layout's chunks.
    manifest: true,
    // Route chunks are split by the lazy routes; this keeps the report honest about gzip sizes.
    reportCompressedSize: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Lucide's icons in one file: as twenty files of 0.2–0.4 KB each they cost more bytes (every small
            // file compresses alone) than the few icons a page does not use.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, includeDependenciesRecursively: false },
            routeChunks({
              entry: source('src/main.tsx'),
              core: 'app-core',
              shells: [
                { name: 'public-shell', module: source('src/app/layouts/auth-layout.tsx') },
                { name: 'portal-shell', module: source('src/app/layouts/portal-layout.tsx') },
              ],
            }),
          ],
        },
      },
    },
  },
});
