import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';

describe('the embedded database', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('keeps 2 MB of shared buffers and shared memory for 5 backends, which live in the server process and are never given back', async () => {
    database = await openDatabase({});
    const { rows } = await database.db.execute<{ shared_buffers: string; max_connections: string }>(
      sql`select current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections`,
    );
    expect(rows[0]).toEqual({ shared_buffers: '2MB', max_connections: '5' });
  });
});
