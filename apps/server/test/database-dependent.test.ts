import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseDependentTests } from './database-dependent';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('which test files the PostgreSQL pass runs', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'portal-dependent-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };
  write('test/database.ts', "export const createTestDatabase = () => 'db';\n");
  write('test/app.ts', "import { createTestDatabase } from './database';\nexport const buildTestApp = createTestDatabase;\n");
  write('src/a/through-helper.test.ts', "import {\n  buildTestApp,\n} from '../../test/app';\n");
  write('src/a/dynamic.test.ts', "const { buildTestApp } = await import('../../test/app');\n");
  write('src/a/re-export.ts', "export * from '../../test/database';\n");
  write('src/a/re-exported.test.ts', "import { createTestDatabase } from './re-export';\n");
  write('src/a/types-only.test.ts', "import type { buildTestApp } from '../../test/app';\nimport { x } from './pure';\n");
  write('src/a/pure.ts', "import { y } from './cycle';\nexport const x = 1;\n");
  write('src/a/cycle.ts', "import { x } from './pure';\nexport const y = x;\n");
  write('src/a/rules.test.ts', "import { x } from './pure';\nimport { expect } from 'vitest';\n");
  write('src/a/two-servers.pg.test.ts', "import { x } from './pure';\n");
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('lists the files reaching test/database.ts by value and every *.pg.test.ts, nothing else', () => {
    expect(databaseDependentTests(fixture)).toEqual([
      'src/a/dynamic.test.ts',
      'src/a/re-exported.test.ts',
      'src/a/through-helper.test.ts',
      'src/a/two-servers.pg.test.ts',
    ]);
  });

  it('holds for this suite: an API test is listed, a pure rule test is not', () => {
    const listed = databaseDependentTests(root);
    expect(listed).toContain('src/modules/invoices/invoices.test.ts');
    expect(listed).toContain('src/rolling-restart.pg.test.ts');
    expect(listed).not.toContain('src/filter/parser.test.ts');
  });

  it('is sound: only test/database.ts and the global setup read which database the pass uses', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
      });
    const readers = ['src', 'test']
      .flatMap((dir) => files(path.join(root, dir)))
      .filter((file) => /inject\(\s*['"]testDb['"]|process\.env\.TEST_DB\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file).split(path.sep).join('/'));
    expect(readers.sort()).toEqual(['test/database.ts', 'test/global-setup.ts']);
  });
});
