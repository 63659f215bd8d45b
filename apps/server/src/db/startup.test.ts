import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { bundledMigrations, describePrepared, prepareDatabase } from './startup';

describe('describePrepared', () => {
  it.each([
    [{ seeded: false, migrationsApplied: 0 }, []],
    [{ seeded: true, migrationsApplied: 0 }, ['demo data created']],
    [{ seeded: false, migrationsApplied: 2 }, ['2 migration(s) applied']],
    [{ seeded: true, migrationsApplied: 17 }, ['17 migration(s) applied', 'demo data created']],
  ])('%o → %o', (prepared, words) => expect(describePrepared(prepared)).toEqual(words));
});

describe('prepareDatabase on the embedded database', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('migrates and seeds an empty database, then finds nothing to do on the next start', async () => {
    database = await openDatabase({});
    expect(await prepareDatabase(database, { migrate: true })).toEqual({ seeded: true, migrationsApplied: bundledMigrations().length });
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(rows[0]!.n).toBe(bundledMigrations().length);

    // From here on any DDL fails, so the next starts show that they leave the migrator alone.
    await database.db.execute(
      sql.raw(`create function refuse_ddl() returns event_trigger language plpgsql as $$ begin raise exception 'DDL: %', tg_tag; end $$`),
    );
    await database.db.execute(sql.raw('create event trigger refuse_ddl on ddl_command_start execute function refuse_ddl()'));
    expect(await prepareDatabase(database, { migrate: true })).toEqual({ seeded: false, migrationsApplied: 0 });
    expect(await prepareDatabase(database, { migrate: false })).toEqual({ seeded: false, migrationsApplied: 0 });
  });

  it('refuses, without migrating, a database that lacks migrations when this instance may not migrate', async () => {
    const empty = await openDatabase({});
    try {
      await expect(prepareDatabase(empty, { migrate: false })).rejects.toThrow(/run `npm run migrate` first/);
      const { rows } = await empty.db.execute<{ present: boolean }>(sql`select to_regclass('public.users') is not null as present`);
      expect(rows[0]!.present).toBe(false);
    } finally {
      await empty.close();
    }
  });
});
