import type pg from 'pg';

/** Beyond this many distinct statements a process stops naming new ones (each costs memory in every connection). */
export const MAX_NAMED_STATEMENTS = 1000;

/**
 * Names every parameterised statement by its text, so each pooled connection parses and plans it
 * once and then runs a cached plan: most of the portal's queries took longer to plan than to run
 * (bench/README.md, docs/decisions/0009-performance-budgets.md). Only statements with parameters are named (a named statement goes
 * through the extended protocol, which takes one statement at a time, and values are what vary).
 */
export const createStatementNamer = (max = MAX_NAMED_STATEMENTS) => {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
};

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** Makes `client.query` name its parameterised statements (see `createStatementNamer`). */
export const nameStatementsOf = (client: pg.ClientBase, nameOf: (text: string) => string | undefined): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    if (config && typeof config === 'object' && typeof (config as QueryConfig).submit !== 'function') {
      const { text, name } = config as QueryConfig;
      const params = Array.isArray(values) ? values : (config as QueryConfig).values;
      if (typeof text === 'string' && !name && Array.isArray(params) && params.length > 0) {
        const statement = nameOf(text);
        if (statement) return query({ ...config, name: statement }, ...args.slice(1));
      }
    }
    return query(...args);
  };
};
