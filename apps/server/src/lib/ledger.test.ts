import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { minorToDecimal, toMinor } from '@portal/contract';
import type { Database } from '../db/client';
import { creditNotes, credits, invoices, receivables, refundAssignments, refunds } from '../db/schema';
import type { Caller } from './caller';
import { createTestDatabase } from '../../test/database';
import { createAccount, createInvoice, createPayment } from '../../test/factories';
import {
  balanceForwardSql,
  balancesByCurrencyJson,
  committedOnReceivable,
  creditNotesOfAccount,
  findLedgerVersion,
  invoiceOwing,
  invoiceOwingForOverdue,
  ledgerEntries,
  owingAfterPaymentSql,
  sumsBeforeSql,
  type LedgerBalanceForward,
  type LedgerSumsBefore,
} from './ledger';

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

describe('bank debits still Processing (docs/decisions/0035-bank-debit.md)', () => {
  type Paid = { status: 'Successful' | 'InProgress' | 'Error'; bankDebit: boolean; amount: string };
  it.each<[string, Paid[], string, string]>([
    ['a Processing bank debit: owing for the balance, paid for overdue', [{ status: 'InProgress', bankDebit: true, amount: '100.00' }], '100.00', '0.00'],
    ['part of it by a Processing bank debit', [{ status: 'InProgress', bankDebit: true, amount: '40.00' }], '100.00', '60.00'],
    ['a settled bank debit counts for both', [{ status: 'Successful', bankDebit: true, amount: '100.00' }], '0.00', '0.00'],
    ['a returned bank debit counts for neither', [{ status: 'Error', bankDebit: true, amount: '100.00' }], '100.00', '100.00'],
    ['a card payment in progress counts for neither (it settles in seconds)', [{ status: 'InProgress', bankDebit: false, amount: '100.00' }], '100.00', '100.00'],
    [
      'a card payment settled and a bank debit Processing',
      [
        { status: 'Successful', bankDebit: false, amount: '30.00' },
        { status: 'InProgress', bankDebit: true, amount: '70.00' },
      ],
      '70.00',
      '0.00',
    ],
  ])('%s', async (_name, paid, owing, overdueOwing) => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id, { amount: '100.00' });
    for (const p of paid) await createPayment(db, account.id, { status: p.status, bankDebit: p.bankDebit, assignments: [{ receivableId: invoice.arId!, amount: p.amount }] });
    const [row] = await db
      .select({ owing: invoiceOwing(invoices.id, invoices.amount), overdueOwing: invoiceOwingForOverdue(invoices.id, invoices.amount) })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    expect(row).toEqual({ owing, overdueOwing });
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

  it('are listed for a statement within [from, to) and counted in the ledger entries', async () => {
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
    const activity = await db.execute<{ total: string }>(sql`select sum(balance)::text as total from (${ledgerEntries(account.id)}) e where kind = 'credit'`);
    expect(activity.rows[0]!.total).toBe('21.00');
  });
});

/**
 * One account's ledger, dated: what counts (Successful payments, Posted invoices, credit notes) and what
 * never does (a draft, a void invoice, payments in progress or failed, another account's entries).
 */
const ledgerOfOneAccount = async (db: Database['db']) => {
  const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const account = await createAccount(db);
  const other = await createAccount(db);
  const invoice = (amount: string, posted: string, currency = 'CAD') => createInvoice(db, account.id, { amount, currency, postedDate: at(posted) });
  const first = await invoice('100.00', '2025-01-01');
  const second = await invoice('40.00', '2025-02-01');
  const third = await invoice('25.00', '2025-03-01');
  const usd = await invoice('70.00', '2025-02-01', 'USD');
  await createInvoice(db, account.id, { amount: '999.00', state: 'Draft' });
  await createInvoice(db, account.id, { amount: '500.00', state: 'Void', postedDate: at('2025-01-20') });
  const payment = (amount: string, date: string, status: 'Successful' | 'InProgress' | 'Error' = 'Successful', currency = 'CAD') =>
    createPayment(db, account.id, { amount, date: at(date), status, currency });
  const january = await payment('30.00', '2025-01-15');
  await payment('20.00', '2025-02-10', 'InProgress');
  await payment('5.00', '2025-02-11', 'Error');
  const february = await payment('50.00', '2025-02-20');
  const inUsd = await payment('10.00', '2025-02-05', 'Successful', 'USD');
  await credit(db, first, '7.00', at('2025-02-15'));
  await createInvoice(db, other.id, { amount: '1000.00', postedDate: at('2025-01-10') });
  await createPayment(db, other.id, { amount: '300.00', date: at('2025-01-12') });
  return { account, first, second, third, usd, january, february, inUsd };
};

describe('the ledger of an account', () => {
  let ledger: Awaited<ReturnType<typeof ledgerOfOneAccount>>;
  beforeAll(async () => {
    ledger = await ledgerOfOneAccount(database.db);
  });

  it('balances per currency: payments and credits less invoices (the home model)', async () => {
    const { rows } = await database.db.execute<{ balances: unknown }>(sql`select ${balancesByCurrencyJson(ledger.account.id)} as balances`);
    // CAD 30 + 50 + 7 − (100 + 40 + 25); USD 10 − 70.
    expect(rows[0]!.balances).toEqual([
      { currency: 'CAD', amount: '-78.00' },
      { currency: 'USD', amount: '-60.00' },
    ]);
  });

  it.each([
    { currency: 'CAD', from: '2025-02-16', issuedFrom: '2025-02-15', sums: { paid_before: '30.00', invoiced_before: '140.00', credited_before: '7.00' } },
    { currency: 'CAD', from: '2025-02-15', issuedFrom: '2025-02-15', sums: { paid_before: '30.00', invoiced_before: '140.00', credited_before: '0' } },
    { currency: 'CAD', from: '2025-01-01', issuedFrom: '2025-01-01', sums: { paid_before: '0', invoiced_before: '0', credited_before: '0' } },
    { currency: 'CAD', from: '2025-12-31', issuedFrom: '2025-12-31', sums: { paid_before: '80.00', invoiced_before: '165.00', credited_before: '7.00' } },
    { currency: 'USD', from: '2025-03-01', issuedFrom: '2025-03-01', sums: { paid_before: '10.00', invoiced_before: '70.00', credited_before: '0' } },
  ])('sums what came before a statement period in $currency from $from', async ({ currency, from, issuedFrom, sums }) => {
    const cut = { from: `${from}T00:00:00.000Z`, issuedFrom: `${issuedFrom}T00:00:00.000Z` };
    const { rows } = await database.db.execute<LedgerSumsBefore>(sumsBeforeSql(ledger.account.id, currency, cut));
    expect(rows[0]).toEqual(sums);
  });

  it.each([
    { invoice: 'first', sums: { invoiced_before: '0', paid_before_previous: '0', paid_since_previous: '0', payments_since_previous: '0', credits_since_previous: '0' } },
    { invoice: 'second', sums: { invoiced_before: '100.00', paid_before_previous: '0', paid_since_previous: '30.00', payments_since_previous: '30.00', credits_since_previous: '0' } },
    // Since the second invoice: the February payment and the credit note; the payment in progress and the failed one never count.
    { invoice: 'third', sums: { invoiced_before: '140.00', paid_before_previous: '30.00', paid_since_previous: '57.00', payments_since_previous: '50.00', credits_since_previous: '7.00' } },
    // Only USD counts, and its payment came after the invoice was posted.
    { invoice: 'usd', sums: { invoiced_before: '0', paid_before_previous: '0', paid_since_previous: '0', payments_since_previous: '0', credits_since_previous: '0' } },
  ] as const)('sums the balance forward of the $invoice invoice', async ({ invoice, sums }) => {
    const row = ledger[invoice];
    const { rows } = await database.db.execute<LedgerBalanceForward>(balanceForwardSql({ ...row, postedDate: row.postedDate! }));
    expect(rows[0]).toEqual(sums);
  });

  it.each([
    { payment: 'january', owing: '70.00' },
    // Invoices posted by Feb 20 (140) less both payments (80) and the credit of Feb 15 (7).
    { payment: 'february', owing: '53.00' },
    { payment: 'inUsd', owing: '60.00' },
  ] as const)('works out what was owed right after the $payment payment', async ({ payment, owing }) => {
    const { rows } = await database.db.execute<{ owing: string }>(owingAfterPaymentSql(ledger[payment]));
    expect(rows[0]!.owing).toBe(owing);
  });
});

/**
 * What the provider API writes (docs/decisions/0020-offline-payments-and-credits.md): an offline payment is a
 * Successful payment with its method and assignments; a credit is a `credits` row and one credit note per
 * receivable it reduces. Two invoices of 30.00 and 40.00; each case writes its entries, then reads the ledger.
 */
describe('the ledger after offline payments and credits', () => {
  type Entry =
    | { kind: 'payment'; assignments: [number, string][] }
    | { kind: 'credit'; notes: [number, string][] };
  let n = 0;
  const write = async (db: Database['db'], accountId: bigint, arIds: bigint[], invoiceIds: bigint[], entry: Entry) => {
    n += 1;
    if (entry.kind === 'payment') {
      await createPayment(db, accountId, {
        type: 'Bank transfer',
        method: 'bank_transfer',
        externalId: `LEDGER-PAY-${n}`,
        requestHash: 'h',
        assignments: entry.assignments.map(([i, amount]) => ({ receivableId: arIds[i]!, amount })),
      });
      return;
    }
    const total = entry.notes.reduce((sum, [, amount]) => sum + toMinor(amount), 0n);
    const [credit] = await db
      .insert(credits)
      .values({ accountId, externalId: `LEDGER-CR-${n}`, requestHash: 'h', amount: minorToDecimal(total), currency: 'CAD', reason: 'Goodwill' })
      .returning();
    await db.insert(creditNotes).values(
      entry.notes.map(([i, amount]) => ({ accountId, invoiceId: invoiceIds[i]!, receivableId: arIds[i]!, creditId: credit!.id, amount, currency: 'CAD', description: 'Goodwill' })),
    );
  };

  it.each<{ name: string; entries: Entry[]; balance: string; owing: [string, string] }>([
    { name: 'a bank transfer oldest first', entries: [{ kind: 'payment', assignments: [[0, '30.00'], [1, '15.00']] }], balance: '-25.00', owing: ['0.00', '25.00'] },
    { name: 'a credit on the account spread oldest first', entries: [{ kind: 'credit', notes: [[0, '30.00'], [1, '5.00']] }], balance: '-35.00', owing: ['0.00', '35.00'] },
    { name: 'a credit on the second invoice', entries: [{ kind: 'credit', notes: [[1, '40.00']] }], balance: '-30.00', owing: ['30.00', '0.00'] },
    {
      name: 'a cash payment, then a credit of what is left',
      entries: [
        { kind: 'payment', assignments: [[0, '10.00']] },
        { kind: 'credit', notes: [[0, '20.00'], [1, '40.00']] },
      ],
      balance: '0.00',
      owing: ['0.00', '0.00'],
    },
  ])('$name: balance $balance, owing $owing, and a new version per write', async ({ entries, balance, owing }) => {
    const db = database.db;
    const account = await createAccount(db);
    const first = await createInvoice(db, account.id, { amount: '30.00', dueDate: '2025-01-21' });
    const second = await createInvoice(db, account.id, { amount: '40.00', dueDate: '2025-02-21' });
    const staff: Caller = { userId: 1n, sessionId: 's', name: 'n', roles: ['Staff'], accountIds: [], isStaff: true, isAdmin: false };
    let version = BigInt((await findLedgerVersion(db, staff, { accountId: account.id }))!);
    for (const entry of entries) {
      await write(db, account.id, [first.arId!, second.arId!], [first.id, second.id], entry);
      const moved = BigInt((await findLedgerVersion(db, staff, { accountId: account.id }))!);
      expect(moved).toBeGreaterThan(version);
      version = moved;
    }
    const { rows } = await db.execute<{ balances: unknown }>(sql`select ${balancesByCurrencyJson(account.id)} as balances`);
    expect(rows[0]!.balances).toEqual([{ currency: 'CAD', amount: balance }]);
    expect([await owingOf(db, first.id), await owingOf(db, second.id)]).toEqual(owing);
  });
});

describe('ledger versions', () => {
  const caller = (over: Partial<Caller>): Caller => ({ userId: 1n, sessionId: 's', name: 'n', roles: [], accountIds: [], isStaff: false, isAdmin: false, ...over });

  it("are read with the caller's access folded in, by account or by Posted invoice, and move with a write", async () => {
    const db = database.db;
    const account = await createAccount(db);
    const invoice = await createInvoice(db, account.id);
    const draft = await createInvoice(db, account.id, { state: 'Draft' });
    const staff = caller({ isStaff: true, roles: ['Staff'] });
    const owner = caller({ accountIds: [account.id] });
    const stranger = caller({ accountIds: [(await createAccount(db)).id] });

    const version = await findLedgerVersion(db, staff, { accountId: account.id });
    expect(version).toMatch(/^[1-9]\d*$/);
    expect(await findLedgerVersion(db, owner, { accountId: account.id })).toBe(version);
    expect(await findLedgerVersion(db, owner, { invoiceId: invoice.id })).toBe(version);
    expect(await findLedgerVersion(db, stranger, { accountId: account.id })).toBeUndefined();
    expect(await findLedgerVersion(db, stranger, { invoiceId: invoice.id })).toBeUndefined();
    expect(await findLedgerVersion(db, staff, { invoiceId: draft.id })).toBeUndefined();

    await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
    const moved = await findLedgerVersion(db, owner, { invoiceId: invoice.id });
    expect(BigInt(moved!)).toBeGreaterThan(BigInt(version!));
    expect(await findLedgerVersion(db, staff, { accountId: account.id })).toBe(moved);
  });

  it('are "0" for an account nothing was written to yet', async () => {
    const account = await createAccount(database.db);
    expect(await findLedgerVersion(database.db, caller({ isStaff: true }), { accountId: account.id })).toBe('0');
  });
});

/**
 * Refunds (docs/decisions/0036-refunds-and-pay-all.md): two invoices of 60.00 and 40.00 posted Jan 1, one
 * payment of 100.00 on Jan 15 that paid both; each case writes its refunds (status, amount, what they
 * reopen, when they settled), then reads the ledger. Only a Succeeded refund moves it.
 */
describe('the ledger after refunds', () => {
  type RefundCase = { status: 'Pending' | 'Succeeded' | 'Failed'; amount: string; reopens: [number, string][]; settled?: string };
  it.each<{ name: string; refunds: RefundCase[]; owing: [string, string]; open: [string, string]; balance: string; paidBeforeMarch: string; owingAfterPayment: string }>([
    { name: 'none', refunds: [], owing: ['0.00', '0.00'], open: ['0.00', '0.00'], balance: '0.00', paidBeforeMarch: '100.00', owingAfterPayment: '0.00' },
    {
      name: 'a succeeded partial refund',
      refunds: [{ status: 'Succeeded', amount: '25.00', reopens: [[1, '25.00']], settled: '2025-02-10' }],
      owing: ['0.00', '25.00'],
      open: ['0.00', '25.00'],
      balance: '-25.00',
      paidBeforeMarch: '75.00',
      owingAfterPayment: '0.00',
    },
    {
      name: 'a pending refund reopens nothing yet',
      refunds: [{ status: 'Pending', amount: '25.00', reopens: [[1, '25.00']] }],
      owing: ['0.00', '0.00'],
      open: ['0.00', '0.00'],
      balance: '0.00',
      paidBeforeMarch: '100.00',
      owingAfterPayment: '0.00',
    },
    {
      name: 'a failed refund never counts',
      refunds: [{ status: 'Failed', amount: '100.00', reopens: [[1, '40.00'], [0, '60.00']], settled: '2025-02-10' }],
      owing: ['0.00', '0.00'],
      open: ['0.00', '0.00'],
      balance: '0.00',
      paidBeforeMarch: '100.00',
      owingAfterPayment: '0.00',
    },
    {
      name: 'refunded in full in two, the second after the statement cut',
      refunds: [
        { status: 'Succeeded', amount: '40.00', reopens: [[1, '40.00']], settled: '2025-02-10' },
        { status: 'Succeeded', amount: '60.00', reopens: [[0, '60.00']], settled: '2025-03-05' },
      ],
      owing: ['60.00', '40.00'],
      open: ['60.00', '40.00'],
      balance: '-100.00',
      paidBeforeMarch: '60.00',
      owingAfterPayment: '0.00',
    },
  ])('$name', async ({ refunds: cases, owing, open, balance, paidBeforeMarch, owingAfterPayment }) => {
    const db = database.db;
    const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const account = await createAccount(db);
    const a = await createInvoice(db, account.id, { amount: '60.00', postedDate: at('2025-01-01'), dueDate: '2025-01-21' });
    const b = await createInvoice(db, account.id, { amount: '40.00', postedDate: at('2025-01-01'), dueDate: '2025-02-21' });
    const payment = await createPayment(db, account.id, {
      date: at('2025-01-15'),
      assignments: [
        { receivableId: a.arId!, amount: '60.00' },
        { receivableId: b.arId!, amount: '40.00' },
      ],
    });
    const arIds = [a.arId!, b.arId!];
    for (const c of cases) {
      const [row] = await db
        .insert(refunds)
        .values({ paymentId: payment.id, accountId: account.id, amount: c.amount, currency: 'CAD', reason: 'Test', status: c.status, settledAt: c.settled ? at(c.settled) : null })
        .returning();
      for (const [index, amount] of c.reopens) await db.insert(refundAssignments).values({ refundId: row!.id, receivableId: arIds[index]!, amount });
    }
    expect([await owingOf(db, a.id), await owingOf(db, b.id)]).toEqual(owing);
    const opens = await db
      .select({ id: receivables.id, open: sql<string>`(${receivables.amount} - ${committedOnReceivable(receivables.id)})::text` })
      .from(receivables)
      .where(eq(receivables.accountId, account.id))
      .orderBy(receivables.dueDate);
    expect(opens.map((o) => o.open)).toEqual(open);
    const { rows } = await db.execute<{ balances: { amount: string }[] }>(sql`select ${balancesByCurrencyJson(account.id)} as balances`);
    expect(rows[0]!.balances[0]!.amount).toBe(balance);
    const sums = await db.execute<LedgerSumsBefore>(sumsBeforeSql(account.id, 'CAD', { from: '2025-03-01T00:00:00.000Z', issuedFrom: '2025-03-01T00:00:00.000Z' }));
    expect(sums.rows[0]!.paid_before).toBe(paidBeforeMarch);
    // A receipt printed again later still says what was owed right after the payment.
    const after = await db.execute<{ owing: string }>(owingAfterPaymentSql(payment));
    expect(after.rows[0]!.owing).toBe(owingAfterPayment);
  });
});
