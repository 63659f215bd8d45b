import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksBeyondEntry, staticClosure, withModulePreloads } from './portal-preloads';

// The shape of the build's manifest: the entry, the portal layout (loaded by the router) and the chunks they share.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_app-core.js', '_runtime.js'],
    dynamicImports: ['src/portal-layout.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime-2.js' },
  '_app-core.js': { file: 'assets/app-core-3.js', imports: ['_runtime.js'] },
  'src/portal-layout.tsx': {
    file: 'assets/portal-layout-4.js',
    isDynamicEntry: true,
    imports: ['_portal-shell.js', '_app-core.js'],
    dynamicImports: ['src/dialog.tsx'],
  },
  '_portal-shell.js': { file: 'assets/portal-shell-5.js', imports: ['_zod.js', '_app-core.js'] },
  '_zod.js': { file: 'assets/zod-6.js', imports: ['_portal-shell.js'] },
  'src/dialog.tsx': { file: 'assets/dialog-7.js', isDynamicEntry: true, imports: ['_portal-shell.js'] },
};

describe('staticClosure', () => {
  it('follows static imports through cycles, never dynamic ones', () => {
    expect([...staticClosure(manifest, 'src/portal-layout.tsx')]).toEqual([
      'src/portal-layout.tsx',
      '_portal-shell.js',
      '_zod.js',
      '_app-core.js',
      '_runtime.js',
    ]);
  });

  it('refuses a key the manifest lacks (a renamed layout)', () => {
    expect(() => staticClosure(manifest, 'src/layout.tsx')).toThrow('The build manifest has no src/layout.tsx');
  });
});

describe('chunksBeyondEntry', () => {
  it('is what the layout needs and the entry does not load', () => {
    expect(chunksBeyondEntry(manifest, 'src/portal-layout.tsx', 'index.html')).toEqual([
      'assets/portal-layout-4.js',
      'assets/portal-shell-5.js',
      'assets/zod-6.js',
    ]);
  });
});

describe('withModulePreloads', () => {
  it('adds a crossorigin module preload of each at the end of <head>', () => {
    const html =
      '<html><head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body></body></html>';
    expect(withModulePreloads(html, ['/assets/a.js', '/assets/$&.js'])).toBe(
      '<html><head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/$&.js">\n' +
        '  </head><body></body></html>',
    );
  });

  it('refuses a page without </head>', () => {
    expect(() => withModulePreloads('<p>', ['/a.js'])).toThrow('The page has no </head>');
  });
});
