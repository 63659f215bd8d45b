import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files the server sends: below MIN_BYTES compression saves less than its headers cost (`Content-Encoding`
 * and `Vary`, ~50 bytes). Not higher: a signed-in page loads some fifty small modules of 0.3–1 KB, 25 KB that
 * Brotli halves (docs/decisions/0009-performance-budgets.md: every route's JS ≤ 180 KB as served).
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json)$/;
export const MIN_BYTES = 256;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // `.vite/manifest.json` is read by the build's tooling, never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
};

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * above MIN_BYTES in `dir`: the slowest, smallest settings cost once here, and the server sends these
 * files as they are (`apps/server/src/plugins/web-app.ts`). Returns the files compressed.
 */
export const compressDirectory = async (dir: string): Promise<string[]> => {
  const files = [];
  for (const file of await filesUnder(dir)) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size > MIN_BYTES) files.push(file);
  }
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files;
};

/** After the build has written everything (public files and index.html included), compress it. */
export const compressAssets = (): Plugin => {
  let outDir = '';
  return {
    name: 'portal:compress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await compressDirectory(outDir);
      this.info(`wrote Brotli and gzip copies of ${files.length} files`);
    },
  };
};
