/** On PostgreSQL, the pool's parameterised statements are prepared once per connection and reused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { openDatabase, type Database } from './client';

let template: Database;
let database: Database;
beforeAll(async () => {
  template = await createTestDatabase();
  const url = (template.pool!.options as { connectionString: string }).connectionString;
  database = await openDatabase({ url, poolSize: 1 });
});
afterAll(async () => {
  await database?.close();
  await template?.close();
});

describe('statement names on PostgreSQL', () => {
  it('prepares a parameterised query once on its connection and runs it again by name', async () => {
    const marker = `statement-names-${Date.now()}`;
    const run = (n: number) => database.db.execute<{ n: number; marker: string }>(sql`select ${n}::int as n, ${marker}::text as marker`);
    expect((await run(1)).rows[0]).toEqual({ n: 1, marker });
    expect((await run(2)).rows[0]).toEqual({ n: 2, marker });
    const prepared = await database.db.execute<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements where statement like ${'%::int as n, $2::text as marker%'}`,
    );
    expect(prepared.rows).toHaveLength(1);
    expect(prepared.rows[0]!.name).toMatch(/^s\d+$/);
  });
});
