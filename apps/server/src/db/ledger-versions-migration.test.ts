/**
 * Migration 0018 renames the home model versions to the ledger versions: every account's version and
 * the sequence's position are kept, and the triggers write the renamed table through renamed functions.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './client';

const statementsOf = async (file: string): Promise<string[]> =>
  (await readFile(join(migrationsFolder, file), 'utf8')).split('--> statement-breakpoint');

describe('migration 0018: ledger versions', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('keeps every version and the sequence, and renames what writes them', async () => {
    // The tables 0013 puts triggers on, with the columns its functions read.
    for (const table of ['invoices', 'receivables', 'credit_notes', 'payments', 'addresses']) await db.exec(`create table ${table} (id bigint primary key, account_id bigint)`);
    await db.exec(`create table payment_assignments (id bigint primary key, payment_id bigint, receivable_id bigint)`);
    await db.exec(`create table account_addresses (id bigint primary key, account_id bigint, address_id bigint)`);
    for (const statement of await statementsOf('0013_home_model_versions.sql')) await db.exec(statement);
    await db.exec(`select home_model_changed(7); select home_model_changed(8); select home_model_changed(7)`);
    const before = (await db.query<{ account_id: string; version: string }>(`select account_id::text, version::text from home_model_versions order by 1`)).rows;
    expect(before).toEqual([
      { account_id: '7', version: '3' },
      { account_id: '8', version: '2' },
    ]);

    for (const statement of await statementsOf('0018_ledger_versions.sql')) await db.exec(statement);
    expect((await db.query(`select account_id::text, version::text from ledger_versions order by 1`)).rows).toEqual(before);
    await db.exec(`insert into invoices values (1, 8)`);
    expect((await db.query(`select version::text from ledger_versions where account_id = 8`)).rows).toEqual([{ version: '4' }]);
    const triggers = await db.query<{ table: string; trigger: string; fn: string }>(
      `select tgrelid::regclass::text as table, tgname as trigger, tgfoid::regproc::text as fn from pg_trigger where not tgisinternal order by 1`,
    );
    expect(triggers.rows).toEqual(
      ['account_addresses', 'addresses', 'credit_notes', 'invoices', 'payment_assignments', 'payments', 'receivables'].map((table) => ({
        table,
        trigger: 'ledger_changed',
        fn: expect.stringMatching(/^ledger_\w+_changed$/),
      })),
    );
    expect((await db.query(`select to_regclass('home_model_versions') as old`)).rows).toEqual([{ old: null }]);
  });
});
