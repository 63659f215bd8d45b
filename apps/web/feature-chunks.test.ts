import { fileURLToPath } from 'node:url';
import { build, type Manifest, type PluginOption, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import config from './vite.config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Our own plugins (named portal:…) write the pages and compressed files into dist/: not wanted, nor needed for the chunks. */
const bundlerPlugins = (plugins: PluginOption[]): PluginOption[] =>
  plugins.flat(Infinity as 1).filter((plugin) => !(plugin && 'name' in plugin && plugin.name.startsWith('portal:')));

/** The app bundled as `vite build` bundles it, in memory: its manifest. */
const buildManifest = async (): Promise<Manifest> => {
  const outputs = (await build({
    ...config,
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: bundlerPlugins(config.plugins ?? []),
    build: { ...config.build, write: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const files = [outputs].flat().flatMap((output) => output.output);
  const manifest = files.find((file) => file.fileName === '.vite/manifest.json');
  if (manifest?.type !== 'asset') throw new Error('the build wrote no manifest');
  return JSON.parse(String(manifest.source)) as Manifest;
};

// The router loads a feature's pages through its index (docs/decisions/0021-chunks-follow-the-router.md): what that
// index's chunk imports downloads with every one of them, so it must never be another route's page.
describe('the chunks of the feature indexes the router loads', () => {
  it('import no route module’s chunk', async () => {
    const manifest = await buildManifest();
    const indexes = Object.entries(manifest).filter(([source]) => /^src\/features\/[^/]+\/index\.ts$/.test(source));
    expect(indexes.map(([source]) => source)).toContain('src/features/disputes/index.ts');
    const pagesImported = indexes.flatMap(([source, chunk]) => (chunk.imports ?? []).filter((imported) => /\/routes\//.test(imported)).map((imported) => `${source} → ${imported}`));
    expect(pagesImported).toEqual([]);
  }, 120_000);
});
