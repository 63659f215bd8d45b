import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createStatementNamer, nameStatementsOf } from './statement-names';

describe('createStatementNamer', () => {
  it('gives each text one stable name', () => {
    const nameOf = createStatementNamer();
    const first = nameOf('select $1');
    expect(nameOf('select $2')).not.toBe(first);
    expect(nameOf('select $1')).toBe(first);
  });

  it('stops naming new texts at its limit but keeps the names it gave', () => {
    const nameOf = createStatementNamer(2);
    const a = nameOf('a $1');
    nameOf('b $1');
    expect(nameOf('c $1')).toBeUndefined();
    expect(nameOf('a $1')).toBe(a);
  });
});

describe('nameStatementsOf', () => {
  const clientSeeing = () => {
    const seen: unknown[][] = [];
    const client = { query: (...args: unknown[]) => seen.push(args) } as unknown as pg.ClientBase;
    nameStatementsOf(client, createStatementNamer());
    return { client, seen };
  };

  it.each([
    ['values as the second argument', { text: 'select $1' }, [1]],
    ['values in the config', { text: 'select $1', values: [1] }, undefined],
  ])('names a parameterised statement (%s)', (_case, config, values) => {
    const { client, seen } = clientSeeing();
    void client.query(config as never, values as never);
    expect(seen[0]![0]).toMatchObject({ text: 'select $1', name: expect.stringMatching(/^s\d+$/) });
  });

  it.each([
    ['a text without parameters', ['select 1; select 2']],
    ['a config without values', [{ text: 'select 1' }]],
    ['a config with an empty values list', [{ text: 'select 1' }, []]],
    ['a config that already has a name', [{ text: 'select $1', name: 'home_model' }, [1]]],
    ['a submittable (COPY stream)', [{ text: 'copy t to stdout', submit: () => undefined }, [1]]],
  ])('leaves %s as it is', (_case, args) => {
    const { client, seen } = clientSeeing();
    void (client.query as (...a: unknown[]) => unknown)(...args);
    expect(seen[0]).toEqual(args);
  });
});
