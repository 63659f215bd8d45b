import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { creditNotes, invoices, receivables } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createAccount, createInvoice, createPayment } from '../../test/factories';
import { committedOnReceivable, creditNotesOfAccount, creditNoteActivity, invoiceOwing } from './ledger';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('invoiceOwing', () => {
  it('counts only Successful payments, with bare drizzle columns in a single-table select', async () => {
    const db = database.db;
    const account = await createAccount(db);
    // Make receivable ids differ from invoice ids, so a mis-bound "id" would read another receivable.
    await createInvoice(db, account.id, { state: 'Draft' });
    const invoice = await createInvoice(db, account.id, { amount: '100.00' });
    await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '30.00' }] });
    await createPayment(db, account.id, { status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '20.00' }] });
    await createPayment(db, account.id, { status: 'Error', assignments: [{ receivableId: invoice.arId!, amount: '50.00' }] });
    const [row] = await db
      .select({ owing: invoiceOwing(invoices.id, invoices.amount) })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    expect(row!.owing).toBe('70.00');
  });
});

const credit = (db: Database['db'], invoice: { id: bigint; accountId: bigint; arId: bigint | null }, amount: string, createdAt = new Date('2025-02-10T12:00:00Z')) =>
  db.insert(creditNotes).values({ accountId: invoice.accountId, invoiceId: invoice.id, receivableId: invoice.arId!, amount, currency: 'CAD', description: 'Credit', createdAt });

const owingOf = async (db: Database['db'], invoiceId: bigint): Promise<string> => {
  const [row] = await db.select({ owing: invoiceOwing(invoices.id, invoices.amount) }).from(invoices).where(eq(invoices.id, invoiceId));
  return row!.owing;
};

describe('credit notes in the ledger', () => {
  it('reduce what an invoice owes by exactly their amount, beside collected payments', async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id, { amount: '100.00' });
    const untouched = await createInvoice(db, account.id, { amount: '40.00' });
    await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '30.00' }] });
    await credit(db, invoice, '25.51');
    expect(await owingOf(db, invoice.id)).toBe('44.49');
    await credit(db, invoice, '0.01');
    expect(await owingOf(db, invoice.id)).toBe('44.48');
    // Another invoice's receivable is not touched by these credits.
    expect(await owingOf(db, untouched.id)).toBe('40.00');
  });

  it('count as committed, so payments can be assigned only to what credits left open', async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id, { amount: '80.00' });
    await createPayment(db, account.id, { status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '20.00' }] });
    await credit(db, invoice, '15.00');
    const [row] = await db
      .select({ open: sql<string>`(${receivables.amount} - ${committedOnReceivable(receivables.id)})::text` })
      .from(receivables)
      .where(eq(receivables.id, invoice.arId!));
    expect(row!.open).toBe('45.00');
  });

  it('refuses a credit of zero or less (the database check)', async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id, { amount: '10.00' });
    await expect(credit(db, invoice, '0.00')).rejects.toThrow();
    await expect(credit(db, invoice, '-5.00')).rejects.toThrow();
    expect(await owingOf(db, invoice.id)).toBe('10.00');
  });

  it('are listed for a statement within [from, to) and counted in the balance activity', async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id, { amount: '60.00' });
    await credit(db, invoice, '5.00', new Date('2025-02-01T00:00:00Z'));
    await credit(db, invoice, '7.00', new Date('2025-02-28T23:59:59Z'));
    await credit(db, invoice, '9.00', new Date('2025-03-01T00:00:00Z'));
    const listed = await db.execute<{ amount: string; invoice_number: string }>(
      creditNotesOfAccount(account.id, new Date('2025-02-01T00:00:00Z'), new Date('2025-03-01T00:00:00Z')),
    );
    expect(listed.rows.map((r) => [r.amount, r.invoice_number])).toEqual([
      ['5.00', invoice.invoiceNumber],
      ['7.00', invoice.invoiceNumber],
    ]);
    const activity = await db.execute<{ total: string }>(sql`select sum(amount)::text as total from (${creditNoteActivity(account.id)}) a`);
    expect(activity.rows[0]!.total).toBe('21.00');
  });
});
