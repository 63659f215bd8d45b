import type { PortalDb } from './client';

/**
 * Statements built once per database and prepared by name: on PostgreSQL each pooled connection
 * parses and plans a named statement once, where a hot call's queries took about 1 ms to plan and
 * 0.2 ms to run (bench/README.md, docs/decisions/0009-performance-budgets.md). Only for statements whose SQL text never varies: the
 * values go in as placeholders.
 */
export const preparedPerDatabase = <T>(build: (db: PortalDb) => T): ((db: PortalDb) => T) => {
  const built = new WeakMap<PortalDb, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
};
