/**
 * An invoice that adds up with its credits: after Staff resolved a dispute with a credit, the invoice
 * detail and list carry the credit (what, when, why, the dispute), the summary reads total − payments −
 * credits = amount due, and the status says the credit did it. The PDF prints the same, tagged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceStatus, invoiceSummary, type InvoiceDetails } from '@portal/contract';
import { accounts, charges } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPayment } from '../../../test/factories';
import { pdfPageTexts, pdfStructure, pdfText, readingOrder, structElements } from '../../../test/pdf-text';

let ctx: TestContext;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp();
  staff = await staffHeaders(ctx);
});
afterAll(() => ctx.close());

/** A customer's invoice of 124.53 (one plan charge), due in the future. */
const invoiceOf = async (language: 'English' | 'French' = 'English') => {
  const customer = await createCustomer(ctx, { language });
  await createBillingDetails(ctx.database.db, customer.account.id);
  // Posted yesterday: the dispute window is open.
  const postedDate = new Date(ctx.clock.now().getTime() - 86_400_000);
  const invoice = await createInvoice(ctx.database.db, customer.account.id, {
    amount: '124.53',
    dueDate: '2099-02-21',
    postedDate,
  });
  const [charge] = await ctx.database.db.select().from(charges).where(eq(charges.invoiceId, invoice.id));
  return { ...customer, invoice, charge: charge! };
};

/** The customer disputes the charge through the API; Staff take it and resolve it with a credit. */
const resolvedDispute = async (
  customer: Awaited<ReturnType<typeof invoiceOf>>,
  amount: string,
  reason: 'WrongAmount' | 'Duplicate' = 'WrongAmount',
): Promise<bigint> => {
  const raised = await ctx.app.inject({
    method: 'POST',
    url: '/b/v1/Dispute',
    headers: customer.headers,
    payload: { chargeId: String(customer.charge.id), reason, details: 'Billed twice for the plan', amount: Number(amount) },
  });
  expect(raised.statusCode, raised.body).toBe(200);
  const id = BigInt((raised.json() as { id: string }).id);
  const review = await ctx.app.inject({ method: 'POST', url: `/b/v1/Dispute/${id}/review`, headers: staff });
  expect(review.statusCode, review.body).toBe(200);
  const resolve = await ctx.app.inject({
    method: 'POST',
    url: `/b/v1/Dispute/${id}/resolve`,
    headers: staff,
    payload: { outcome: 'Resolved', creditedAmount: Number(amount) },
  });
  expect(resolve.statusCode, resolve.body).toBe(200);
  return id;
};

const details = async (customer: { headers: Record<string, string> }, invoiceId: bigint): Promise<InvoiceDetails> => {
  const res = await ctx.app.inject({ url: `/b/v1/Invoice/details/${invoiceId}`, headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as InvoiceDetails;
};

const pdfOf = async (customer: { headers: Record<string, string> }, invoiceId: bigint): Promise<Buffer> => {
  const links = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoiceId}`, headers: customer.headers });
  const { urls } = links.json() as { urls: { name: string; url: string }[] };
  const res = await ctx.app.inject({ url: urls.find((u) => u.name === 'PDF')!.url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('an invoice with a credit from a resolved dispute', () => {
  let customer: Awaited<ReturnType<typeof invoiceOf>>;
  let disputeId: bigint;
  beforeAll(async () => {
    customer = await invoiceOf();
    disputeId = await resolvedDispute(customer, '8.00');
  });

  it('lists the credit on the invoice detail: what, when, why and the dispute; owing is total − credits', async () => {
    const answer = await details(customer, customer.invoice.id);
    expect(answer.owing).toBe(116.53);
    expect(answer.credited).toBe(8);
    expect(answer.payments).toEqual([]);
    expect(answer.credits).toEqual([
      {
        id: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        amount: 8,
        currency: 'CAD',
        line: 'Unlimited Talk & Text',
        disputeId: Number(disputeId),
        reason: 'WrongAmount',
      },
    ]);
    const figures = invoiceSummary(
      answer.invoice.amount,
      [],
      answer.credits.map((c) => c.amount),
    );
    expect(figures).toEqual({ total: 12453n, payments: 0n, credits: 800n, amountDue: 11653n });
    expect(invoiceStatus({ ...answer.invoice, owing: answer.owing, credited: answer.credited }, '2026-01-01')).toBe(
      'PartiallyCredited',
    );
  });

  it('carries what was credited on the invoice list, so the list says "Partially credited" too', async () => {
    const res = await ctx.app.inject({
      url: `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${customer.account.id}`)}`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
    const [item] = (res.json() as { value: { owing: number; credited: number; amount: number; dueDate: string }[] }).value;
    expect(item).toMatchObject({ amount: 124.53, owing: 116.53, credited: 8 });
    expect(invoiceStatus(item!, '2026-01-01')).toBe('PartiallyCredited');
  });

  it('is not another account’s to read: 404 as for an unknown invoice', async () => {
    const stranger = await createCustomer(ctx);
    const res = await ctx.app.inject({ url: `/b/v1/Invoice/details/${customer.invoice.id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The invoice was not found.' });
  });

  it('prints Total, no payments, the credit and Amount due that add up, with the status "Partially credited"', async () => {
    const text = pdfText(await pdfOf(customer, customer.invoice.id));
    for (const expected of [
      'Partially credited',
      'Credits',
      'Unlimited Talk & Text',
      'Wrong amount',
      `Dispute ${disputeId}`,
      '-$8.00',
      'No payments have been received for this invoice yet.',
      'Total',
      '$124.53',
      'Total payments received',
      '-$0.00',
      'Total credits',
      'Amount due',
      '$116.53',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Partially paid');
  });

  it('reads the summary in order in the tagged PDF: total, payments, credits, amount due, then the note', async () => {
    const structure = pdfStructure(await pdfOf(customer, customer.invoice.id));
    expect(structure).toMatchObject({ lang: 'en-US', marked: true, displayDocTitle: true });
    const elements = structElements(structure.root!);
    expect(elements[0]!.type).toBe('Document');
    expect(elements.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual(['INVOICE']);
    expect(elements.filter((e) => e.type === 'H2').map((e) => e.text)).toEqual([
      'BILL TO',
      'AMOUNT DUE',
      'What changed on this bill',
      'Account summary',
      'Charges',
      'Payments received',
      'Credits',
    ]);
    // The charge table and the credit table have column headings.
    expect(elements.filter((e) => e.type === 'TH' && e.scope === 'Column').map((e) => e.text)).toEqual(
      expect.arrayContaining(['DESCRIPTION', 'AMOUNT', 'CREDITED', 'REASON', 'DISPUTE']),
    );
    const read = readingOrder(structure);
    const at = (text: string) => read.lastIndexOf(text);
    expect(read[0]).toBe('INVOICE');
    expect(at('Total')).toBeLessThan(at('Total payments received'));
    expect(at('Total payments received')).toBeLessThan(at('Total credits'));
    expect(at('Total credits')).toBeLessThan(at('Amount due'));
    expect(read.at(-1)).toMatch(/^Questions about this bill\?/);
    // Page numbers and the footer are artifacts, not read.
    expect(read.some((t) => t.startsWith('Page 1 of'))).toBe(false);
  });
});

describe('credits and payments together', () => {
  it('reads total − payments − credits = amount due; "Credited" when credits alone cleared it', async () => {
    const partly = await invoiceOf();
    await createPayment(ctx.database.db, partly.account.id, {
      assignments: [{ receivableId: partly.invoice.arId!, amount: '100.00' }],
    });
    await resolvedDispute(partly, '4.53', 'Duplicate');
    const answer = await details(partly, partly.invoice.id);
    expect(answer).toMatchObject({ owing: 20, credited: 4.53 });
    expect(invoiceStatus({ ...answer.invoice, owing: answer.owing, credited: answer.credited }, '2026-01-01')).toBe(
      'PartiallyPaid',
    );
    const text = pdfText(await pdfOf(partly, partly.invoice.id));
    for (const expected of ['-$100.00', '-$4.53', 'Charged twice', '$20.00', 'Partially paid'])
      expect(text, expected).toContain(expected);

    const credited = await invoiceOf();
    await resolvedDispute(credited, '124.53');
    const cleared = await details(credited, credited.invoice.id);
    expect(cleared).toMatchObject({ owing: 0, credited: 124.53 });
    expect(invoiceStatus({ ...cleared.invoice, owing: cleared.owing, credited: cleared.credited }, '2026-01-01')).toBe(
      'Credited',
    );
    expect(pdfText(await pdfOf(credited, credited.invoice.id))).toContain('Credited');
  });
});

describe('an invoice detail read before the credit', () => {
  it('is read afresh once the credit is written (its account’s version moved), never kept stale', async () => {
    const customer = await invoiceOf();
    expect(await details(customer, customer.invoice.id)).toMatchObject({ owing: 124.53, credited: 0, credits: [] });
    await resolvedDispute(customer, '8.00');
    expect(await details(customer, customer.invoice.id)).toMatchObject({ owing: 116.53, credited: 8, credits: [{ amount: 8 }] });
  });
});

describe('in French', () => {
  it('prints the credit, its reason, the dispute and the summary in French, in a PDF tagged fr-CA', async () => {
    const customer = await invoiceOf('French');
    const disputeId = await resolvedDispute(customer, '8.00');
    const pdf = await pdfOf(customer, customer.invoice.id);
    const text = pdfText(pdf);
    for (const expected of [
      'Partiellement créditée',
      'Crédits',
      'Montant erroné',
      `Contestation ${disputeId}`,
      '-8,00\u00a0$',
      'Total des paiements reçus',
      'Total des crédits',
      'Montant dû',
      '116,53\u00a0$',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(pdfStructure(pdf).lang).toBe('fr-CA');
    // What changed and the account summary come first (docs/decisions/0037-a-bill-that-explains-itself.md).
    expect(pdfPageTexts(pdf)).toHaveLength(2);
  });
});

describe('an account whose language is French after the credit', () => {
  it('prints the same credit in the language the account has when the PDF is drawn', async () => {
    const customer = await invoiceOf();
    await resolvedDispute(customer, '8.00');
    await ctx.database.db.update(accounts).set({ language: 'French' }).where(eq(accounts.id, customer.account.id));
    expect(pdfText(await pdfOf(customer, customer.invoice.id))).toContain('Partiellement créditée');
  });
});
