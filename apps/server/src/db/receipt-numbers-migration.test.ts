/**
 * Migration 0015 on payments made before it: each gets a receipt number in (date, id) order, and the
 * sequence goes on after the last one for payments made later. Run on the embedded engine against a
 * payments table of the columns the migration reads.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './client';

describe('migration 0015: receipt numbers', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('numbers existing payments by date, then id, and new ones after them', async () => {
    await db.exec(`create table payments (id bigserial primary key, date timestamptz not null)`);
    // Ids out of date order, and two payments at the same instant.
    await db.exec(
      `insert into payments (date) values ('2025-03-01T00:00:00Z'), ('2025-01-01T00:00:00Z'), ('2025-02-01T00:00:00Z'), ('2025-01-01T00:00:00Z')`,
    );
    const migration = await readFile(join(migrationsFolder, '0015_receipt_numbers.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.exec(statement);
    await db.exec(`insert into payments (date) values (now())`);
    const { rows } = await db.query<{ id: number; receipt_number: string }>(
      `select id::int, receipt_number from payments order by id`,
    );
    expect(rows).toEqual([
      { id: 1, receipt_number: 'R-0000004' },
      { id: 2, receipt_number: 'R-0000001' },
      { id: 3, receipt_number: 'R-0000003' },
      { id: 4, receipt_number: 'R-0000002' },
      { id: 5, receipt_number: 'R-0000005' },
    ]);
    await expect(db.exec(`update payments set receipt_number = 'R-0000001' where id = 5`)).rejects.toThrow(
      /payments_receipt_number_idx/,
    );
  });
});
