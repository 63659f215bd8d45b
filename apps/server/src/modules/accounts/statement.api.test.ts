/**
 * Account/{accountId}/statement: the statement of account as PDF and CSV. Opening
 * balance + invoices − payments − credits = closing balance, exactly; a credit note (a resolved
 * dispute's credit) shows as a line and lowers the balances; the period is the account's calendar days;
 * the range is validated; another account's statement is 404. The spec's JSON statement counts the
 * same credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { toMinor } from '@portal/contract';
import { accounts, addresses, creditNotes } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPayment } from '../../../test/factories';
import { pdfPageTexts, pdfStructure, pdfText, readingOrder, structElements } from '../../../test/pdf-text';

const GST_HST = '123456789 RT0001';
const QST = '1234567890 TQ0001';

let ctx: TestContext;

/** A credit note against an invoice, as resolving a dispute writes it (the ledger's own entry). */
const credit = async (
  invoice: { id: bigint; accountId: bigint; arId: bigint | null },
  amount: string,
  createdAt: string,
  description: string,
) => {
  const [row] = await ctx.database.db
    .insert(creditNotes)
    .values({
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      receivableId: invoice.arId!,
      amount,
      currency: 'CAD',
      description,
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!;
};

/**
 * Before January 2025 (Toronto): invoice 100.00, paid 60.00, credited 5.00 → 35.00 owed at opening.
 * In January (Toronto days): invoice 80.00 posted at its first instant, a Visa payment of 50.00, a credit
 * of 12.34, a payment of 7.00 at 23:30 on Jan 31 (already Feb 1 in UTC); an InProgress and a failed
 * payment that count for nothing. After it: an invoice posted at Feb 1's first instant.
 */
const statementCustomer = async (
  language: 'English' | 'French',
  address: { city: string; province: string; postal: string; country: string },
) => {
  const db = ctx.database.db;
  const customer = await createCustomer(ctx, { language, name: 'Dominique Tremblay', invoiceName: 'Dominique Tremblay' });
  const { address: row } = await createBillingDetails(db, customer.account.id);
  await db.update(addresses).set(address).where(eq(addresses.id, row.id));
  const id = customer.account.id;
  const december = await createInvoice(db, id, {
    amount: '100.00',
    startDate: '2024-11-01',
    endDate: '2024-11-30',
    dueDate: '2024-12-21',
    postedDate: new Date('2024-12-01T15:00:00Z'),
  });
  await createPayment(db, id, {
    date: new Date('2024-12-10T15:00:00Z'),
    assignments: [{ receivableId: december.arId!, amount: '60.00' }],
  });
  await credit(december, '5.00', '2024-12-15T15:00:00Z', 'Goodwill');
  // 05:00 UTC on Jan 1 is midnight in Toronto and Montréal: the period's first instant.
  const january = await createInvoice(db, id, {
    amount: '80.00',
    startDate: '2024-12-01',
    endDate: '2024-12-31',
    dueDate: '2025-01-21',
    postedDate: new Date('2025-01-01T05:00:00Z'),
  });
  const card = await createPayment(db, id, {
    date: new Date('2025-01-15T15:00:00Z'),
    cardBrand: 'Visa',
    cardLast4: '4242',
    assignments: [{ receivableId: january.arId!, amount: '50.00' }],
  });
  await credit(january, '12.34', '2025-01-20T15:00:00Z', 'Dropped call refund');
  const late = await createPayment(db, id, {
    date: new Date('2025-02-01T04:30:00Z'),
    description: 'Autopay',
    assignments: [{ receivableId: january.arId!, amount: '7.00' }],
  });
  await createPayment(db, id, { date: new Date('2025-01-16T15:00:00Z'), status: 'InProgress', amount: '3.00' });
  await createPayment(db, id, { date: new Date('2025-01-17T15:00:00Z'), status: 'Error', amount: '4.00' });
  const february = await createInvoice(db, id, {
    amount: '30.00',
    startDate: '2025-01-01',
    endDate: '2025-01-31',
    dueDate: '2025-02-21',
    postedDate: new Date('2025-02-01T05:00:00Z'),
  });
  return { ...customer, january, february, card, late };
};

let english: Awaited<ReturnType<typeof statementCustomer>>;
let french: Awaited<ReturnType<typeof statementCustomer>>;

beforeAll(async () => {
  ctx = await buildTestApp({ config: { TAX_GST_HST_NUMBER: GST_HST, TAX_QST_NUMBER: QST } });
  ctx.clock.set('2025-06-01T12:00:00Z');
  english = await statementCustomer('English', { city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' });
  french = await statementCustomer('French', { city: 'Montréal', province: 'QC', postal: 'H2X 1Y4', country: 'CA' });
});
afterAll(() => ctx.close());

const statement = (accountId: bigint, query: string, headers: Record<string, string>) =>
  ctx.app.inject({ url: `/b/v1/Account/${accountId}/statement?${query}`, headers });

describe('the statement of account as CSV', () => {
  it('lists the opening balance, every movement of the account’s January with the balance after it, and the closing balance', async () => {
    const res = await statement(english.account.id, 'from=2025-01-01&to=2025-01-31&format=csv', english.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `filename="Statement-${english.account.customerNo}-2025-01-01-to-2025-01-31.csv"`,
    );
    const { january, card, late } = english;
    expect(res.body).toBe(
      '\uFEFF' +
        'Date,Type,Reference,Description,Charges,Payments and credits,Balance\n' +
        '2025-01-01,Opening balance,,,,,35.00\n' +
        `2025-01-01,Invoice,${january.invoiceNumber},"Invoice ${january.invoiceNumber} (Dec 1 – Dec 31, 2024)",80.00,,115.00\n` +
        `2025-01-15,Payment,${card.receiptNumber},Payment - Visa ending in 4242,,50.00,65.00\n` +
        `2025-01-20,Credit,${january.invoiceNumber},Credit on invoice ${january.invoiceNumber} - Dropped call refund,,12.34,52.66\n` +
        `2025-01-31,Payment,${late.receiptNumber},Autopay,,7.00,45.66\n` +
        '2025-01-31,Closing balance,,,80.00,69.34,45.66\n',
    );
  });

  it('holds opening + invoices − payments − credits = closing, to the cent, and the credit is what makes it so', async () => {
    const res = await statement(english.account.id, 'from=2025-01-01&to=2025-01-31&format=csv', english.headers);
    const rows = res.body
      .slice(1)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const balance = (row: string[]) => toMinor(row[row.length - 1]!);
    const opening = balance(rows[0]!);
    const closing = balance(rows[rows.length - 1]!);
    const column = (type: string, index: number) =>
      rows.filter((r) => r[1] === type).reduce((sum, r) => sum + toMinor(r[r.length - 3 + index] || '0'), 0n);
    const invoices = column('Invoice', 0);
    const payments = column('Payment', 1);
    const credits = column('Credit', 1);
    expect({ opening, invoices, payments, credits }).toEqual({
      opening: 3500n,
      invoices: 8000n,
      payments: 5700n,
      credits: 1234n,
    });
    expect(opening + invoices - payments - credits).toBe(closing);
    expect(closing).toBe(4566n);
  });

  it('is French for a French account: header, types and descriptions, the same figures', async () => {
    const res = await statement(french.account.id, 'from=2025-01-01&to=2025-01-31&format=csv', french.headers);
    expect(res.headers['content-disposition']).toContain(
      `filename="Releve-${french.account.customerNo}-2025-01-01-au-2025-01-31.csv"`,
    );
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('\uFEFFDate,Type,Référence,Description,Frais,Paiements et crédits,Solde');
    expect(lines[1]).toBe("2025-01-01,Solde d'ouverture,,,,,35.00");
    expect(lines[2]).toBe(
      `2025-01-01,Facture,${french.january.invoiceNumber},Facture ${french.january.invoiceNumber} (1 déc. – 31 déc. 2024),80.00,,115.00`,
    );
    expect(lines[3]).toBe(`2025-01-15,Paiement,${french.card.receiptNumber},Paiement - Visa se terminant par 4242,,50.00,65.00`);
    expect(lines[4]).toBe(
      `2025-01-20,Crédit,${french.january.invoiceNumber},Crédit sur la facture ${french.january.invoiceNumber} - Dropped call refund,,12.34,52.66`,
    );
    expect(lines[6]).toBe('2025-01-31,Solde de clôture,,,80.00,69.34,45.66');
  });
});

describe('the statement of account as PDF', () => {
  it('prints the summary, each line, the credit, the dates of the account’s zone and the GST/HST number', async () => {
    const res = await statement(english.account.id, 'from=2025-01-01&to=2025-01-31&format=pdf', english.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename="Statement-${english.account.customerNo}-2025-01-01-to-2025-01-31.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'STATEMENT',
      english.account.customerNo,
      'Jan 1 – Jan 31, 2025',
      'Jun 1, 2025',
      'Dominique Tremblay',
      'SUMMARY',
      'Opening balance',
      '$35.00',
      '+$80.00',
      '-$57.00',
      '-$12.34',
      'Closing balance',
      '$45.66',
      `Invoice ${english.january.invoiceNumber} (Dec 1 – Dec 31, 2024)`,
      'Payment - Visa ending in 4242',
      `Credit on invoice ${english.january.invoiceNumber}`,
      'Autopay',
      'Jan 31, 2025',
      `GST/HST registration no. ${GST_HST}`,
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Neither the unfinished nor the failed payment, nor February's invoice.
    for (const absent of ['$3.00', '$4.00', english.february.invoiceNumber, 'QST']) expect(text, absent).not.toContain(absent);
  });

  it('is French for a French (Quebec) account, with both tax numbers', async () => {
    const res = await statement(french.account.id, 'from=2025-01-01&to=2025-01-31&format=pdf', french.headers);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'RELEVÉ',
      'Numéro de compte',
      '1 janv. – 31 janv. 2025',
      'SOMMAIRE',
      "Solde d'ouverture",
      '35,00\u00a0$',
      'Solde de clôture',
      '45,66\u00a0$',
      'Paiement - Visa se terminant par 4242',
      `No d'inscription TVQ ${QST}`,
      'Page 1 de 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Closing balance');
  });
});

describe('invoices dated by the day they were issued', () => {
  it('puts an invoice posted at midnight UTC on Feb 1 (still Jan 31 in Toronto) in February, dated Feb 1', async () => {
    const customer = await createCustomer(ctx, { language: 'English' });
    const { address } = await createBillingDetails(ctx.database.db, customer.account.id);
    await ctx.database.db
      .update(addresses)
      .set({ city: 'Toronto', province: 'ON', country: 'CA' })
      .where(eq(addresses.id, address.id));
    // As the billing run posts: the period ends Jan 31, the invoice is issued at the first instant of Feb 1 (UTC).
    const invoice = await createInvoice(ctx.database.db, customer.account.id, {
      amount: '45.00',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      dueDate: '2025-02-21',
      postedDate: new Date('2025-02-01T00:00:00Z'),
    });
    const january = await statement(customer.account.id, 'from=2025-01-01&to=2025-01-31&format=csv', customer.headers);
    expect(january.body).not.toContain(invoice.invoiceNumber);
    const february = await statement(customer.account.id, 'from=2025-02-01&to=2025-02-28&format=csv', customer.headers);
    expect(february.body.split('\n')[2]).toBe(
      `2025-02-01,Invoice,${invoice.invoiceNumber},"Invoice ${invoice.invoiceNumber} (Jan 1 – Jan 31, 2025)",45.00,,45.00`,
    );
    const pdf = pdfText(
      (await statement(customer.account.id, 'from=2025-02-01&to=2025-02-28&format=pdf', customer.headers)).rawPayload,
    );
    // The invoice's line is dated Feb 1 (its period's text still says Jan 31).
    expect(pdf.split('\n')).toContain('Feb 1, 2025');
    expect(pdf.split('\n')).not.toContain('Jan 31, 2025');
  });
});

describe('the statement PDF for screen readers and on paper', () => {
  it('is tagged in the account’s language: its heading, the summary and activity tables, in reading order', async () => {
    for (const [customer, lang, title, activity, payment] of [
      [english, 'en-US', 'STATEMENT', 'Account activity', 'Payment - Visa ending in 4242'],
      [french, 'fr-CA', 'RELEVÉ', 'Activité du compte', 'Paiement - Visa se terminant par 4242'],
    ] as const) {
      const structure = pdfStructure(
        (await statement(customer.account.id, 'from=2025-01-01&to=2025-01-31&format=pdf', customer.headers)).rawPayload,
      );
      expect(structure).toMatchObject({ lang, marked: true, displayDocTitle: true });
      const elements = structElements(structure.root!);
      expect(elements.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual([title]);
      expect(elements.filter((e) => e.type === 'H2').map((e) => e.text)).toContain(activity);
      expect(elements.filter((e) => e.type === 'TH' && e.scope === 'Column')).toHaveLength(5);
      const read = readingOrder(structure);
      expect(read[0]).toBe(title);
      // The summary before the activity, the activity's lines after its heading, each payment with its receipt number.
      expect(read.indexOf(activity)).toBeGreaterThan(0);
      expect(read.indexOf(payment)).toBeGreaterThan(read.indexOf(activity));
      expect(read.some((t) => t.startsWith('Page 1'))).toBe(false);
    }
  });

  it('never leaves the balance note alone on a page, however many lines the period has', async () => {
    const customer = await createCustomer(ctx, { language: 'English' });
    await createBillingDetails(ctx.database.db, customer.account.id);
    const invoice = await createInvoice(ctx.database.db, customer.account.id, {
      amount: '900.00',
      postedDate: new Date('2025-03-01T12:00:00Z'),
    });
    // Around 22 rows fill the first page: from 15 to 30 payments the closing row and the note cross its end.
    for (let n = 1; n <= 30; n += 1) {
      await createPayment(ctx.database.db, customer.account.id, {
        date: new Date(Date.UTC(2025, 2, 2, 12, n)),
        assignments: [{ receivableId: invoice.arId!, amount: '1.00' }],
      });
      if (n < 15) continue;
      const pages = pdfPageTexts(
        (await statement(customer.account.id, 'from=2025-03-01&to=2025-03-31&format=pdf', customer.headers)).rawPayload,
      );
      const last = pages.at(-1)!;
      expect(last, `${n} payments`).toContain('Balances are the amount owed');
      expect(last, `${n} payments`).toContain('Closing balance');
    }
  });
});

describe('the days of the time zone the provider set', () => {
  it('put a payment at 05:30 UTC on Mar 1 in February for Vancouver, in March for Halifax', async () => {
    const db = ctx.database.db;
    const lines = async (timeZone: string) => {
      const customer = await createCustomer(ctx);
      await createBillingDetails(db, customer.account.id);
      await db.update(accounts).set({ timeZone }).where(eq(accounts.id, customer.account.id));
      // 21:30 on Feb 28 in Vancouver (PST), 01:30 on Mar 1 in Halifax (AST).
      await createPayment(db, customer.account.id, { amount: '9.00', date: new Date('2025-03-01T05:30:00Z') });
      const feb = await statement(customer.account.id, 'from=2025-02-01&to=2025-02-28&format=csv', customer.headers);
      const mar = await statement(customer.account.id, 'from=2025-03-01&to=2025-03-31&format=csv', customer.headers);
      return { february: feb.body.split('\n').filter((l) => l.includes(',Payment,')), march: mar.body.split('\n').filter((l) => l.includes(',Payment,')) };
    };
    const vancouver = await lines('America/Vancouver');
    expect(vancouver.february.map((l) => l.slice(0, 10))).toEqual(['2025-02-28']);
    expect(vancouver.march).toEqual([]);
    const halifax = await lines('America/Halifax');
    expect(halifax.february).toEqual([]);
    expect(halifax.march.map((l) => l.slice(0, 10))).toEqual(['2025-03-01']);
  });
});

describe('the period and the caller', () => {
  it.each([
    [
      'from after to',
      'from=2025-02-01&to=2025-01-31&format=pdf',
      'The start date (from) must be on or before the end date (to).',
    ],
    [
      'more than 5 years',
      'from=2020-01-01&to=2025-01-01&format=csv',
      'A statement covers at most 5 years; choose a shorter period.',
    ],
    [
      'no such day',
      'from=2025-02-30&to=2025-03-31&format=csv',
      'querystring.from: from must be a day written YYYY-MM-DD (the first day of the statement)',
    ],
    ['another format', 'from=2025-01-01&to=2025-01-31&format=xlsx', 'format must be pdf or csv'],
    [
      'no from',
      'to=2025-01-31&format=pdf',
      'querystring.from: from must be a day written YYYY-MM-DD (the first day of the statement)',
    ],
  ])('refuses %s with 400 and says why', async (_case, query, message) => {
    const res = await statement(english.account.id, query, english.headers);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(message);
  });

  it('takes exactly 5 years', async () => {
    const res = await statement(english.account.id, 'from=2020-01-01&to=2024-12-31&format=csv', english.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[1]).toBe('2020-01-01,Opening balance,,,,,0.00');
  });

  it('answers 404 for another account, as for an unknown one', async () => {
    const other = await statement(french.account.id, 'from=2025-01-01&to=2025-01-31&format=pdf', english.headers);
    const unknown = await statement(987654321n, 'from=2025-01-01&to=2025-01-31&format=pdf', english.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'The account was not found.' });
    expect(unknown.json()).toEqual(other.json());
  });

  it('counts the same credits in the spec’s JSON statement', async () => {
    const res = await ctx.app.inject({
      url: `/b/v1/Account/${english.account.id}/2024-01-01/2025-12-31`,
      headers: english.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      credits: { amount: number; invoiceNumber: string }[];
      totalCredited: number;
      openingBalance: number;
      closingBalance: number;
    };
    expect(body.credits.map((c) => c.amount)).toEqual([5, 12.34]);
    expect(body.totalCredited).toBe(17.34);
    // 60 + 50 + 7 paid and 17.34 credited against 210 invoiced: 75.66 owed.
    expect({ opening: body.openingBalance, closing: body.closingBalance }).toEqual({ opening: 0, closing: -75.66 });
  });
});
