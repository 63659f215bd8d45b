import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ModuleGraph, routeChunks, shellOwners, staticImports } from './route-chunks';

// An entry, two lazy layouts and a page, as the router has them: static imports only here, the lazy ones are not edges.
const imports: Record<string, string[]> = {
  '/app/main.tsx': ['/app/router.tsx', '/app/index.css'],
  '/app/router.tsx': ['/app/button.tsx'],
  '/app/button.tsx': ['/app/router.tsx'],
  '/app/auth-layout.tsx': ['/app/button.tsx', '/app/banner.tsx'],
  '/app/portal-layout.tsx': ['/app/banner.tsx', '/app/query.ts'],
  '/app/page.tsx': ['/app/card.tsx', '/app/query.ts'],
};
const graph: ModuleGraph = { getModuleInfo: (id) => ({ importedIds: imports[id] ?? [] }) };
const options = {
  entry: '/app/main.tsx',
  core: 'app-core',
  shells: [
    { name: 'public-shell', module: '/app/auth-layout.tsx' },
    { name: 'portal-shell', module: '/app/portal-layout.tsx' },
  ],
};

describe('staticImports', () => {
  it('follows static imports through cycles', () => {
    expect([...staticImports(graph, '/app/main.tsx')]).toEqual([
      '/app/main.tsx',
      '/app/router.tsx',
      '/app/button.tsx',
      '/app/index.css',
    ]);
  });
});

describe('shellOwners', () => {
  it('gives the entry’s imports to the core, then each layout what is left of its own, first layout first', () => {
    expect(Object.fromEntries(shellOwners(graph, options))).toEqual({
      '/app/router.tsx': 'app-core',
      '/app/button.tsx': 'app-core',
      '/app/auth-layout.tsx': 'public-shell',
      '/app/banner.tsx': 'public-shell',
      '/app/portal-layout.tsx': 'portal-shell',
      '/app/query.ts': 'portal-shell',
    });
  });
});

describe('routeChunks', () => {
  it('names the shells’ modules and leaves the entry module, stylesheets and what only pages import to the bundler', () => {
    const group = routeChunks(options);
    expect(
      [
        '/app/main.tsx',
        '/app/index.css',
        '/app/router.tsx',
        '/app/banner.tsx',
        '/app/query.ts',
        '/app/page.tsx',
        '/app/card.tsx',
      ].map((id) => group.name(id, graph)),
    ).toEqual([null, null, 'app-core', 'public-shell', 'portal-shell', null, null]);
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});

// The bundler itself on a small app shaped like this one (a route module awaiting at top level, as the pages
// await their texts): fails when Rolldown stops calling `name` with the module graph, or names chunks otherwise.
describe('routeChunks in a Vite build', () => {
  it('puts the entry’s imports in the core chunk and a lazy layout’s in its shell, pages in their own', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'route-chunks-'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><script type="module" src="/main.js"></script>',
      'main.js': "import { core } from './core.js';\nconsole.log(core, await import('./layout.js'));",
      'core.js': "export const core = 'core';",
      'layout.js':
        "import { core } from './core.js';\nimport { shell } from './shell.js';\nexport const layout = () => import('./page.js');\nconsole.log(core, shell);",
      'shell.js': "export const shell = 'shell';",
      'page.js': "import { shell } from './shell.js';\nawait Promise.resolve();\nexport const page = shell;",
    };
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(root, name), text)));
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                routeChunks({
                  entry: path.join(root, 'main.js'),
                  core: 'app-core',
                  shells: [{ name: 'shell', module: path.join(root, 'layout.js') }],
                }),
              ],
            },
          },
        },
      },
    })) as Rolldown.RolldownOutput;
    const chunks = Object.fromEntries(
      output.output.flatMap((file) =>
        file.type === 'chunk'
          ? [
              [
                file.name,
                Object.keys(file.modules)
                  .map((id) => path.basename(id))
                  .sort(),
              ],
            ]
          : [],
      ),
    );
    // Vite's preload helper is one of the entry's imports.
    expect(chunks).toMatchObject({
      'app-core': ['core.js', 'preload-helper.js'],
      shell: ['layout.js', 'shell.js'],
      page: ['page.js'],
    });
  });
});
