import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A classic script written into the page itself: `<script>…</script>`, no attributes. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** CSP source expressions (`'sha256-…'`) allowing exactly the inline scripts of `html`, each once. */
export const inlineScriptHashes = (html: string): string[] => [
  ...new Set([...html.matchAll(INLINE_SCRIPT)].map(([, source = '']) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`)),
];

/**
 * The inline scripts of the built web app's pages (the theme script the build writes into each page's <head>,
 * apps/web/inline-theme-init.ts), as `script-src` allows them: by hash, so that no other inline script runs.
 * None when the app is not built.
 */
export const webAppScriptHashes = (distDir: string): string[] => {
  if (!existsSync(distDir)) return [];
  const pages = readdirSync(distDir).filter((file) => file.endsWith('.html'));
  return [...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(path.join(distDir, page), 'utf8'))))].sort();
};
