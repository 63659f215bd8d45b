import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createAccount, createInvoice, createPayment } from '../../test/factories';
import { invoiceOwing } from './ledger';

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
