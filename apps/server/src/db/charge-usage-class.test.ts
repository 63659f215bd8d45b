/** Migration 0016 names the usage class of the Usage lines written before it, from the rate each class is priced at. */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { createAccount, createInvoice } from '../../test/factories';
import { USAGE_RATES } from '../lib/rating';
import type { Database } from './client';
import { charges } from './schema';

const migration = new URL('./migrations/0016_charge_usage_class.sql', import.meta.url);
const backfill = async () => (await readFile(migration, 'utf8')).split('--> statement-breakpoint')[1]!;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('0016_charge_usage_class', () => {
  it('lists the rates in the order of the usage classes', async () => {
    const listed = /ARRAY\[([^\]]+)\]/.exec(await backfill())![1]!.split(',').map((rate) => Math.round(Number(rate) * 10_000));
    expect(listed).toEqual([...USAGE_RATES]);
  });

  it('sets each Usage line’s class from its unit amount, and nothing else', async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id);
    const line = (category: 'Usage' | 'Plan', unitAmount: string | null) => ({
      accountId: account.id,
      invoiceId: invoice.id,
      category,
      description: 'line',
      unitAmount,
      amount: '1.00',
      currency: 'CAD',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
    });
    const rows = await db
      .insert(charges)
      .values([line('Usage', '1.0000'), line('Usage', '0.0100'), line('Usage', '0.3300'), line('Usage', null), line('Plan', '0.2500')])
      .returning({ id: charges.id });
    await db.execute(sql.raw(await backfill()));
    const classes = await Promise.all(rows.map(async ({ id }) => (await db.select({ c: charges.usageClass }).from(charges).where(eq(charges.id, id)))[0]!.c));
    expect(classes).toEqual([5, 4, null, null, null]);
  });
});
