import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Where index.html asks for the theme script; the build puts the script itself there. */
export const THEME_INIT_TAG = '<script src="/theme-init.js"></script>';

/** `source` without its whole-line `//` comments: they are for the file's readers, not for every page sent. */
export const withoutLineComments = (source: string): string =>
  source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n')
    .trim();

/**
 * `html` with `tag` replaced by an inline script holding `source`. Inline, the parser runs it at once instead of
 * stopping for a request of its own before the first paint (with the stylesheet inlined as well, a prerendered page
 * needs nothing but its HTML to paint). The server allows it by its hash (apps/server inline-script-hashes.ts).
 */
export const inlineScript = (html: string, tag: string, source: string): string => {
  if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
  if (/<\/script/i.test(source)) throw new Error('An inline script cannot contain </script');
  return html.replace(tag, () => `<script>${withoutLineComments(source)}</script>`);
};

/** Inlines `file` (theme-init.js) into index.html, in the dev server as in the build. */
export const inlineThemeInit = (file: string): Plugin => ({
  name: 'portal:inline-theme-init',
  transformIndexHtml: {
    order: 'pre',
    handler: async (html) => inlineScript(html, THEME_INIT_TAG, await readFile(file, 'utf8')),
  },
});
