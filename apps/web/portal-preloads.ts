import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest, Plugin } from 'vite';
import { PLAIN, pageFile } from './prerender-pages';

const HEAD_END = '</head>';

/** `key`'s chunk and every chunk it imports statically, transitively: what runs before it can. */
export const staticClosure = (manifest: Manifest, key: string, seen = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
};

/** The files of the chunks `layout` needs that the entry `entry` does not load already, in the manifest's order. */
export const chunksBeyondEntry = (manifest: Manifest, layout: string, entry: string): string[] => {
  const loaded = staticClosure(manifest, entry);
  return [...staticClosure(manifest, layout)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!.file);
};

/** `html` with a module preload of each of `hrefs` at the end of its <head>. */
export const withModulePreloads = (html: string, hrefs: readonly string[]): string => {
  if (!html.includes(HEAD_END)) throw new Error(`The page has no ${HEAD_END}`);
  const links = hrefs.map((href) => `  <link rel="modulepreload" crossorigin href="${href}">\n  `).join('');
  return html.replace(HEAD_END, () => `${links}${HEAD_END}`);
};

interface PortalPreloadsOptions {
  /** The portal layout's module (manifest key): every signed-in page renders inside it. */
  layout: string;
  /** Pages outside the portal sent from index.html: they get a copy without the portal's preloads. */
  plainPages: readonly string[];
}

/**
 * index.html, the page the server sends for every path without an HTML file of its own (every signed-in page),
 * also asks for the portal layout's chunks, beside the entry's: the browser's preload scanner fetches them with the
 * entry, not after the entry has run and the router has asked for them, and the router then finds them loaded
 * instead of adding a preload for each (1–5 ms each at 1× under DevTools, inside the task that starts the page).
 * Lighthouse then finds most of a signed-in page's work done before its first paint (bench/README.md). The public
 * pages sent from index.html (`plainPages`) get a copy of it as it was, `<page>.html`, which the server sends
 * for their path: they stay within their JS budget. Runs after prerenderPages, whose pages take the entry's
 * preloads from index.html as it was (both closeBundle hooks are sequential, that one ordered first), and before
 * compressAssets.
 */
export const portalPreloads = ({ layout, plainPages }: PortalPreloadsOptions): Plugin => {
  let outDir = '';
  let base = '/';
  return {
    name: 'portal:portal-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const indexFile = path.join(outDir, 'index.html');
        const indexHtml = await readFile(indexFile, 'utf8');
        const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        for (const page of plainPages) await writeFile(path.join(outDir, pageFile(page, PLAIN)), indexHtml, { flag: 'wx' });
        const chunks = chunksBeyondEntry(manifest, layout, 'index.html');
        const hrefs = chunks.map((file) => base + file);
        await writeFile(indexFile, withModulePreloads(indexHtml, hrefs));
        this.info(`index.html preloads ${chunks.length} chunks of the portal layout; ${plainPages.join(', ')} without them`);
      },
    },
  };
};
