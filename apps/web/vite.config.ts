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

/** The API lives on the same origin in production; in dev both services run on the Fastify server. */
/** Modules of the auth layout and what the public pages share (see build.rolldownOptions below). */
const PUBLIC_SHELL =
  /node_modules[\\/]jwt-decode[\\/]|src[\\/](app[\\/]components[\\/](auth-background|theme-menu|language-toggle)|components[\\/](legal-links|support-contact|ui[\\/](banner|field|menu|external-link|icons))|features[\\/]auth[\\/](components[\\/]|rules\.ts|locales\.ts)|lib[\\/](session|i18n[\\/]rich-text))/;

/**
 * What the entry needs before the first route renders: React, the router, the translator and the app core.
 * Without this group the bundler spreads them over ten small chunks (more requests, worse gzip).
 */
const APP_CORE =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/](app[\\/](router|root-layout|route-error)\.tsx|app[\\/]components[\\/](route-focus|skip-link)\.tsx|lib[\\/](i18n[\\/](i18n|translate|common-locales)\.ts|theme[\\/]theme\.ts|storage\.ts|cn\.ts|use-page-title\.ts|api[\\/]unauthorized\.ts)|config[\\/]|components[\\/]ui[\\/](button|spinner|logo)\.tsx)/;

/**
 * What every signed-in page loads beside the portal layout: the query library and the small modules the
 * layout and the screens share (account, sessions, notifications, the page header, badges, empty states and
 * formatting). Left to the bundler they were twenty-two files of 0.04–4.7 KB, each compressed alone
 * (docs/decisions/0009-performance-budgets.md: routes ≤ 180 KB as served), and each a preload the router added in the task that starts the page.
 */
const PORTAL_SHELL =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|contract[\\/]src[\\/](invoice-status|regions)\.ts$|web[\\/]src[\\/](components[\\/](lazy-dialog|ui[\\/](card|skeleton|page-header|badge|empty-state))|lib[\\/](current-account[\\/](rules|api|current-account)|api[\\/]client|use-debounced-value|unsaved-changes|i18n[\\/]use-format)|features[\\/](security[\\/](rules|api[\\/]get-sessions|components[\\/]lazy-dialogs)|notifications[\\/](api[\\/]notifications|locales|components[\\/](notification-bell|lazy-email-preferences))|account[\\/](rules|use-account-today|api[\\/]get-account-details)))\.tsx?$/;

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

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
    // Read by scripts/route-sizes.mjs to report each route's initial JS.
    manifest: true,
    // Route chunks are split by the lazy routes; this keeps the report honest about gzip sizes.
    reportCompressedSize: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app-core', test: APP_CORE, includeDependenciesRecursively: false },
            // Lucide's icons in one file: as twenty files of 0.2–0.4 KB each they cost more bytes (every small
            // file compresses alone) than the few icons a page does not use (docs/decisions/0009-performance-budgets.md: routes ≤ 180 KB).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, includeDependenciesRecursively: false },
            {
              // Everything the public sign-in pages share, in one request and one gzip stream: a dozen tiny
              // chunks cost ~3 KB more gzip than one (docs/decisions/0009-performance-budgets.md: /login ≤ 110 KB as served).
              name: 'public-shell',
              test: PUBLIC_SHELL,
              // Only the matched modules: their libraries (react, the router…) stay in the shared chunks.
              includeDependenciesRecursively: false,
            },
            { name: 'portal-shell', test: PORTAL_SHELL, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
