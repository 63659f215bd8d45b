import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { compressDirectory, MIN_BYTES } from './compress-assets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-compress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('writes Brotli and gzip copies of text files above the minimum, and of nothing else', async () => {
  const script = 'export const x = 1;\n'.repeat(200);
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'assets/app.js'), script);
  await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>bill</p>'.repeat(200)}`);
  await writeFile(path.join(dir, 'assets/tiny.css'), 'a{}'.repeat(MIN_BYTES / 3 - 1));
  await writeFile(path.join(dir, 'assets/photo.png'), Buffer.alloc(4 * MIN_BYTES));
  await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify({ padding: 'x'.repeat(2 * MIN_BYTES) }));

  const compressed = await compressDirectory(dir);

  expect(compressed.map((file) => path.relative(dir, file)).sort()).toEqual(['assets/app.js', 'index.html']);
  expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'photo.png', 'tiny.css']);
  expect(brotliDecompressSync(await readFile(path.join(dir, 'assets/app.js.br'))).toString()).toBe(script);
  expect(gunzipSync(await readFile(path.join(dir, 'assets/app.js.gz'))).toString()).toBe(script);
  expect(await readdir(path.join(dir, '.vite'))).toEqual(['manifest.json']);
});
