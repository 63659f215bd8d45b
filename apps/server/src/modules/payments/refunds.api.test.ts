/**
 * Payment/{paymentId}/refund through the sandbox (docs/decisions/0036-refunds-and-pay-all.md): Staff refund
 * part of a card payment and then the rest; the newest invoice it paid reopens first, the balance moves, the
 * customer's Payment History lists the refund and its receipt downloads in the account's language; the event
 * and the audit are written; a refund above what the payment holds, of a payment that did not succeed or one
 * no provider took, is refused; a provider that refuses leaves everything as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import type { PaymentProvider } from '../../card-providers';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer, staffHeaders } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPayment, createPaymentMethod } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { auditLog, events, invoices, refunds } from '../../db/schema';
import { invoiceOwing } from '../../lib/ledger';
import { settleDueSandboxPayments } from './settle-sandbox-payments';

const NOW = '2026-03-10T15:00:00.000Z';

let ctx: TestContext;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  staff = await staffHeaders(ctx);
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...extra, 'content-type': 'application/json' }, payload: stringifyJson(body) });

const owing = async (invoiceId: bigint): Promise<string> => {
  const [row] = await ctx.database.db.select({ owing: invoiceOwing(invoices.id, invoices.amount) }).from(invoices).where(eq(invoices.id, invoiceId));
  return row!.owing;
};

const balanceOf = async (headers: Record<string, string>, accountId: bigint): Promise<number> => {
  const res = await ctx.app.inject({ url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers });
  return (parseJson(res.body) as { balances: { amount: number }[] }).balances[0]!.amount;
};

/** A customer with two posted invoices (January 60.00, February 40.00) paid by one sandbox card payment of 100.00. */
const paidCustomer = async (language: 'English' | 'French' = 'English') => {
  const db = ctx.database.db;
  const customer = await createCustomer(ctx, { language });
  await createBillingDetails(db, customer.account.id);
  const january = await createInvoice(db, customer.account.id, { amount: '60.00', dueDate: '2026-01-21' });
  const february = await createInvoice(db, customer.account.id, { amount: '40.00', startDate: '2026-02-01', endDate: '2026-02-28', dueDate: '2026-02-21' });
  const card = await createPaymentMethod(db, customer.account.id, { isDefault: true });
  const paid = await post('/b/v1/Payment/customerpayment?autoAssignPayment=true', customer.headers, {
    payment: { accountId: customer.account.id, amount: 100, currency: 'CAD' },
    paymentMethodInfo: { paymentMethodId: card.id },
  }, { 'idempotency-key': `refund-test-${customer.account.id}` });
  expect(paid.statusCode).toBe(200);
  const paymentId = BigInt((parseJson(paid.body) as { payment: { id: bigint | number } }).payment.id);
  expect(await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0)).toBe(1);
  return { ...customer, january, february, paymentId };
};

const refund = (paymentId: bigint, amount: number, headers = staff, reason = 'Billed twice for February') =>
  post(`/b/v1/Payment/${paymentId}/refund`, headers, { amount, reason });

describe('a refund of a sandbox card payment', () => {
  it('reopens the newest invoice first, moves the balance, and is listed, evented and audited', async () => {
    const c = await paidCustomer();
    expect(await balanceOf(c.headers, c.account.id)).toBe(0);

    const res = await refund(c.paymentId, 25);
    expect(res.statusCode).toBe(200);
    const answered = parseJson(res.body) as { id: number; status: string; amount: number; receiptNumber: string };
    expect(answered).toMatchObject({ status: 'Succeeded', amount: 25, reason: 'Billed twice for February', failureMessage: null });
    expect(answered.receiptNumber).toMatch(/^RF-\d{7}$/);
    const receipt = await ctx.app.inject({ url: `/b/v1/Payment/refund/${answered.id}/receipt`, headers: c.headers });
    expect(receipt.headers['content-disposition']).toContain(`Refund-${answered.receiptNumber}.pdf`);
    const lines = pdfText(receipt.rawPayload).split('\n');
    for (const line of ['REFUND RECEIPT', 'Refund reference', 'Refund date', 'AMOUNT REFUNDED', 'Invoices reopened', 'Balance after this refund', '$25.00']) expect(lines).toContain(line);
    expect(await owing(c.february.id)).toBe('25.00');
    expect(await owing(c.january.id)).toBe('0.00');
    expect(await balanceOf(c.headers, c.account.id)).toBe(-25);

    // The customer sees it in Payment History.
    const list = await ctx.app.inject({ url: `/b/v1/Payment/refunds/${c.account.id}`, headers: c.headers });
    expect(list.statusCode).toBe(200);
    expect((parseJson(list.body) as { value: unknown[] }).value).toEqual([expect.objectContaining({ paymentId: Number(c.paymentId), amount: 25, status: 'Succeeded' })]);

    const [event] = await ctx.database.db.select().from(events).where(and(eq(events.accountId, c.account.id), eq(events.type, 'payment.refunded')));
    expect(event!.data).toEqual({
      refundId: String(answered.id),
      paymentId: String(c.paymentId),
      amount: '25.00',
      currency: 'CAD',
      reason: 'Billed twice for February',
      remaining: '75.00',
      receiptNumber: answered.receiptNumber,
    });
    expect(event!.actorKind).toBe('staff');
    const audited = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.accountId, c.account.id), eq(auditLog.entity, 'refund')));
    expect(audited.map((a) => a.action).sort()).toEqual(['payment.refund_requested', 'payment.refunded']);

    // The rest, then nothing more: the second refund reopens the rest of February, then January.
    expect((await refund(c.paymentId, 75)).statusCode).toBe(200);
    expect(await owing(c.february.id)).toBe('40.00');
    expect(await owing(c.january.id)).toBe('60.00');
    const more = await refund(c.paymentId, 0.01);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: 'The refund is more than what the payment still holds.' });
  });

  it('refuses more than the payment holds, and a customer (403)', async () => {
    const c = await paidCustomer();
    expect((await refund(c.paymentId, 100.01)).statusCode).toBe(409);
    expect((await refund(c.paymentId, 10, c.headers)).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, c.paymentId))).toEqual([]);
  });

  it('refuses a payment that did not succeed, one no provider took, and an unknown one', async () => {
    const db = ctx.database.db;
    const customer = await createCustomer(ctx);
    const inProgress = await createPayment(db, customer.account.id, { status: 'InProgress', provider: 'sandbox', providerRef: 'ch_sb_x' });
    const offline = await createPayment(db, customer.account.id, { method: 'cheque', type: 'Cheque' });
    expect((await refund(inProgress.id, 1)).json()).toEqual({ error: 'Only a successful payment can be refunded.' });
    const res = await refund(offline.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This payment was not taken by a payment provider the portal can refund through.' });
    expect((await refund(999_999_999n, 1)).statusCode).toBe(404);
  });

  it('gives a receipt in the account’s language, and none for a refund that failed', async () => {
    const c = await paidCustomer('French');
    const done = parseJson((await refund(c.paymentId, 10)).body) as { id: number; receiptNumber: string };
    const res = await ctx.app.inject({ url: `/b/v1/Payment/refund/${done.id}/receipt`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Remboursement-${done.receiptNumber}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const expected of ['REMBOURSEMENT', done.receiptNumber, 'Référence', 'Date du remboursement', 'R-', 'Remboursement du reçu', 'MONTANT REMBOURSÉ', 'Factures rouvertes', 'Solde après ce remboursement']) {
      expect(text).toContain(expected);
    }

    const [failed] = await ctx.database.db
      .insert(refunds)
      .values({ paymentId: c.paymentId, accountId: c.account.id, amount: '1.00', currency: 'CAD', reason: 'x', status: 'Failed', failureMessage: 'No' })
      .returning();
    expect((await ctx.app.inject({ url: `/b/v1/Payment/refund/${failed!.id}/receipt`, headers: c.headers })).statusCode).toBe(409);
  });
});

describe('a provider that refuses the refund', () => {
  it('answers the Failed refund with its words and reopens nothing; the amount is held again', async () => {
    const base = ctx.app.paymentProvider as PaymentProvider;
    const refusing: PaymentProvider = { ...base, refund: async () => ({ status: 'failed', failureMessage: 'The charge is too old to refund.' }) };
    const refusingCtx = await buildTestApp({ clock: createTestClock(NOW), database: ctx.database, paymentProvider: refusing });
    try {
      const c = await paidCustomer();
      const res = await refusingCtx.app.inject({
        method: 'POST',
        url: `/b/v1/Payment/${c.paymentId}/refund`,
        headers: { ...staff, 'content-type': 'application/json' },
        payload: stringifyJson({ amount: 100, reason: 'Goodwill' }),
      });
      expect(res.statusCode).toBe(200);
      expect(parseJson(res.body)).toMatchObject({ status: 'Failed', failureMessage: 'The charge is too old to refund.' });
      expect(await owing(c.february.id)).toBe('0.00');
      expect(await balanceOf(c.headers, c.account.id)).toBe(0);
      // Failed, it holds nothing back: the whole payment can still be refunded.
      expect((await refund(c.paymentId, 100)).statusCode).toBe(200);
    } finally {
      await refusingCtx.close();
    }
  });
});
