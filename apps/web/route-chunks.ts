/** What Rolldown's chunking hands a group's `name` function: the module graph (the parts read here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** A lazy part of the router that many pages render inside: its chunk name and its module's absolute path. */
export interface RouteShell {
  name: string;
  module: string;
}

interface RouteChunksOptions {
  /** The app's entry module (absolute path): what it imports statically runs before the first route renders. */
  entry: string;
  /** Chunk name of the entry's static imports. */
  core: string;
  /** The router's lazy layouts, first claim first: a module two of them import goes to the first. */
  shells: readonly RouteShell[];
}

/** `id` and every module it imports statically, transitively. */
export const staticImports = (graph: ModuleGraph, id: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) staticImports(graph, imported, seen);
  return seen;
};

/** Which chunk each module of the entry's and the layouts' static imports belongs to (the entry module itself stays in its own). */
export const shellOwners = (graph: ModuleGraph, { entry, core, shells }: RouteChunksOptions): Map<string, string> => {
  const owners = new Map<string, string>();
  // Stylesheets stay where Vite puts them (the entry's CSS file).
  const code = (id: string) => id !== entry && !id.endsWith('.css');
  for (const id of staticImports(graph, entry)) if (code(id)) owners.set(id, core);
  for (const shell of shells) {
    for (const id of staticImports(graph, shell.module)) if (code(id) && !owners.has(id)) owners.set(id, shell.name);
  }
  return owners;
};

/**
 * A Rolldown chunking group whose chunks follow the router: what the entry imports statically in one chunk,
 * what each lazy layout imports statically (beyond that) in one chunk per layout; the pages and what only they
 * share keep the bundler's own split by dynamic import. Route modules await their texts at top level, which turns
 * off Rolldown's merging of common chunks: left alone, the entry and the layouts come as dozens of sub-kilobyte
 * files, each compressed alone (docs/decisions/0021-chunks-follow-the-router.md).
 */
export const routeChunks = (options: RouteChunksOptions) => {
  let owners: Map<string, string> | undefined;
  return {
    name: (id: string, graph: ModuleGraph): string | null => {
      owners ??= shellOwners(graph, options);
      return owners.get(id) ?? null;
    },
    // Only the captured modules: what they import elsewhere stays where the rules above put it.
    includeDependenciesRecursively: false,
  };
};
