import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';

describe('the embedded database', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('keeps 4 MB of shared buffers, which live in the server process and are never given back', async () => {
    database = await openDatabase({});
    const { rows } = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    expect(rows[0]!.shared_buffers).toBe('4MB');
  });
});
