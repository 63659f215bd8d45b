import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The test files whose outcome can depend on the pass's database: those whose imports (followed through
 * relative paths, type-only imports left out) reach `test/database.ts`, the one module that asks which
 * database the pass uses, and every `*.pg.test.ts`. The PostgreSQL pass runs only these; every
 * other file meets the same code on either pass, so the PGlite pass runs it once.
 */
export const databaseDependentTests = (root: string): string[] => {
  const helper = path.join(root, 'test/database.ts');
  const reaching = new Map<string, boolean>();
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.resolve(path.dirname(from), specifier);
    return [base, `${base}.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
  };
  const reaches = (file: string): boolean => {
    if (file === helper) return true;
    const known = reaching.get(file);
    if (known !== undefined) return known;
    reaching.set(file, false); // an import cycle adds nothing
    const source = readFileSync(file, 'utf8');
    const found = [...source.matchAll(IMPORTS)].some((match) => {
      const target = resolve(file, match[1] ?? match[2]!);
      return target !== undefined && reaches(target);
    });
    reaching.set(file, found);
    return found;
  };
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.test.ts') ? [full] : [];
    });
  return ['src', 'test']
    .flatMap((dir) => files(path.join(root, dir)))
    .filter((file) => file.endsWith('.pg.test.ts') || reaches(file))
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
};

/** Relative value imports and re-exports, static and dynamic (`import type …` names no module at run time). */
const IMPORTS =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;
