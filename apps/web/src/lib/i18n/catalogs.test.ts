/**
 * English and French must be complete and identical in shape (the type checker enforces it for each
 * catalog; this guards catalogs added later and the interpolation variables, which types cannot see).
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../**/*locales.ts', '../../**/*locales.fr.ts', './common-locales*.ts'],
  { eager: true },
);
/** Every French text: the catalogs and the legal documents. */
const frenchModules = import.meta.glob<Record<string, unknown>>('../../**/*.fr.ts', { eager: true });

type Tree = { [key: string]: string | Tree };

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const leaves = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
};

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

const pairs = Object.keys(modules)
  .filter((path) => path.endsWith('.fr.ts'))
  .map((frPath) => {
    const enPath = frPath.replace('.fr.ts', '.ts');
    return [enPath, modules[enPath]!.en as Tree, modules[frPath]!.fr as Tree] as const;
  });

describe('translation catalogs', () => {
  it('finds the catalogs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(7);
  });

  it.each(pairs)('%s: French has the same keys and placeholders as English', (_path, en, fr) => {
    const enLeaves = leaves(en);
    const frLeaves = leaves(fr);
    expect([...frLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    for (const [key, text] of enLeaves) {
      expect({ key, vars: variables(frLeaves.get(key) ?? '') }).toEqual({ key, vars: variables(text) });
      expect(frLeaves.get(key)?.trim()).not.toBe('');
    }
  });

  it.each(Object.keys(frenchModules))('%s: a colon after a word has a narrow no-break space before it', (path) => {
    // French typography: "Téléphone\u202f: …", never "Téléphone: …" nor a breakable space before the colon.
    const misplaced = strings(frenchModules[path]).filter((text) => /[^\s\u202f:/\d][ \u00a0]?:(?=\s|$)/.test(text));
    expect(misplaced).toEqual([]);
  });
});
