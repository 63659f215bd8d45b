import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documents stay true to its tree: ARCHITECTURE.md names only paths that exist, and code
 * cites only documents the repository holds.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Not the repository's own: installed, built, or written at run time. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'test-results', 'data']);

const entries = (dir = ''): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      return entry.isDirectory() ? [`${relative}/`, ...entries(relative)] : [relative];
    });

/** Where a short path in ARCHITECTURE.md may start: the repository, or the server's or web app's sources. */
const BASES = ['', 'apps/server/src/', 'apps/web/src/'];

/** A `*` or `<name>` stands for any one name; a trailing slash is a directory. */
const patternOf = (text: string): RegExp =>
  new RegExp(
    `^${text
      .split(/(\*|<[^>]+>)/)
      .map((part, index) => (index % 2 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}${text.endsWith('/') ? '' : '/?'}$`,
  );

/**
 * Whether text in backticks is meant as a path of the repository: no spaces or code punctuation, not a URL
 * path (`/b/v1/…`), a package (`@scope/name`), a path the portal makes at build or run time (`./data`,
 * `apps/web/dist`), and
 * either a folder path starting lower-case (`Account/*` is a resource of the spec) or a file name.
 */
const isRepositoryPath = (text: string): boolean =>
  !/[\s:{}=|,()'"]/.test(text) &&
  !text.split('/').some((name) => SKIPPED.has(name)) &&
  !/^(\/|@|\.\/)/.test(text) &&
  (/^[a-z0-9.<*][^/]*\//.test(text) || /^[\w.*-]+\.(ts|tsx|js|mjs|json|md|yaml|css|html|sql)$/.test(text));

const missingPaths = (text: string, tree: string[]): string[] => {
  const named = new Set<string>();
  for (const [, inBackticks] of text.matchAll(/`([^`\n]+)`/g)) if (isRepositoryPath(inBackticks!)) named.add(inBackticks!);
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) if (!/^[a-z]+:/.test(target!)) named.add(target!);
  // The layout block: each line's first column, indented lines below the last unindented one.
  const layout = /```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  let parent = '';
  for (const line of layout.split('\n')) {
    const [, indent = '', first = ''] = /^( *)([^\s,]+(?:, [^\s,]+)*)/.exec(line) ?? [];
    if (!first || indent.length > 4) continue; // a description's continuation
    for (const name of first.split(', ')) {
      if (indent.length === 0) parent = name.replace(/\/?$/, '/');
      named.add(indent.length === 0 ? name : `${parent}${name}`);
    }
  }
  return [...named].filter((name) => {
    const pattern = patternOf(name);
    const bare = !name.includes('/');
    return !tree.some((entry) =>
      BASES.some((base) => pattern.test(bare ? path.posix.basename(entry) : entry.slice(base.length)) && entry.startsWith(base)),
    );
  });
};

describe('ARCHITECTURE.md', () => {
  const tree = entries();
  const architecture = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

  it('names only paths of the repository that exist', () => {
    expect(missingPaths(architecture, tree)).toEqual([]);
  });

  it('is at most 250 lines', () => {
    expect(architecture.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('finds the paths a document names in backticks, links and its layout block, and only those', () => {
    const sample = [
      '```',
      'apps/server/src          the server',
      '  app.ts, gone.ts        entry points',
      '                         continued/description words',
      '  modules/<resource>/    one per resource',
      'nowhere/                 a folder that is not there',
      '```',
      'See `apps/server/src/lib/access.ts`, `lib/ledger.ts`, `apps/server/src/lib/moved.ts`, `modules/<name>/`,',
      '`*.pg.test.ts`, `vanished.test.ts`, [a record](docs/decisions/README.md), [gone](docs/decisions/9999-x.md),',
      '[the web](https://example.com/a/b), `Account/*`, `/b/v1/Invoice`, `@fastify/static`, `./data/db`, `apps/web/dist`, `ac:{id}`.',
    ].join('\n');
    expect(missingPaths(sample, tree).sort()).toEqual(
      [
        'apps/server/src/gone.ts',
        'apps/server/src/lib/moved.ts',
        'docs/decisions/9999-x.md',
        'nowhere/',
        'vanished.test.ts',
      ].sort(),
    );
  });
});

/** Applied migrations are history, as the commits are: a deployed database has run them as they are. */
const HISTORY = 'apps/server/src/db/migrations/';
/** This file, whose samples cite what no comment may. */
const SELF = 'apps/server/test/documents.test.ts';
const SOURCES = /\.(ts|tsx|js|mjs|cjs|css|html|md|sql)$/;
const CITATION = /\bspec §|\bdecisions §|\bissues? \d+/i;

/** What a text cites that the repository does not hold, and the decision records it names that do not exist. */
const badCitations = (file: string, text: string, tree: string[]): string[] =>
  text.split('\n').flatMap((line, index) => {
    const where = `${file}:${index + 1}`;
    const records = [...line.matchAll(/docs\/decisions\/[\w.-]+\.md/g)]
      .map(([record]) => record)
      .filter((record) => !tree.includes(record));
    return [
      ...(CITATION.test(line) ? [`${where}: ${line.trim()}`] : []),
      ...records.map((record) => `${where}: ${record} does not exist`),
    ];
  });

describe('comments cite the decision records, or nothing', () => {
  const tree = entries();

  it('in apps/, packages/, scripts/ and bench/', () => {
    const files = tree.filter(
      (entry) =>
        /^(apps|packages|scripts|bench)\//.test(entry) && SOURCES.test(entry) && !entry.startsWith(HISTORY) && entry !== SELF,
    );
    expect(files.flatMap((file) => badCitations(file, readFileSync(path.join(root, file), 'utf8'), tree))).toEqual([]);
  });

  it('notices a citation of a document outside the repository, and a record that does not exist', () => {
    const sample = [
      '/** Paged lists (docs/decisions/0003-contract-rules.md). */',
      '// the due date (spec §9) and the budgets (decisions §9)',
      '/* Phones (Issue 15 item 6). */',
      '/** See docs/decisions/0999-nothing.md. */',
      '// no issue here, nor in the specification; 4 issues',
    ].join('\n');
    expect(badCitations('x.ts', sample, tree)).toEqual([
      'x.ts:2: // the due date (spec §9) and the budgets (decisions §9)',
      'x.ts:3: /* Phones (Issue 15 item 6). */',
      'x.ts:4: docs/decisions/0999-nothing.md does not exist',
    ]);
  });
});
