/**
 * Payment/payall and Billing/family (docs/decisions/0036-refunds-and-pay-all.md): a parent and two
 * sub-accounts; the family balance sums theirs; "Pay all" charges the parent's card once for everything open,
 * each account's share assigned to its own invoices oldest first, one receipt listing every share; a repeat
 * with the same key charges nothing more; a person of one sub-account pays only what they may touch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, staffHeaders } from '../../../test/billing';
import { bearer, createAccount, createBillingDetails, createInvoice, createPaymentMethod, createUser, tokenFor } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { invoices, payments, sandboxCharges } from '../../db/schema';
import { invoiceOwing } from '../../lib/ledger';
import { settleDueSandboxPayments } from './settle-sandbox-payments';
import { resubmitUnconfirmedCharges } from './resubmit-charges';
import type { PaymentProvider } from '../../card-providers';

const NOW = '2026-03-10T15:00:00.000Z';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
});
afterAll(() => ctx.close());

const headersFor = async (accountIds: bigint[]) => {
  const user = await createUser(ctx.database.db, { accountIds });
  return bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER }));
};

const owing = async (invoiceId: bigint) => {
  const [row] = await ctx.database.db.select({ owing: invoiceOwing(invoices.id, invoices.amount) }).from(invoices).where(eq(invoices.id, invoiceId));
  return row!.owing;
};

/** A parent owing 30.00, a sub-account owing 50.00 and 20.00, another owing nothing. */
const family = async () => {
  const db = ctx.database.db;
  const parent = await createAccount(db, { name: 'Lee Family' });
  const maya = await createAccount(db, { name: 'Maya Lee', parentId: parent.id });
  const noah = await createAccount(db, { name: 'Noah Lee', parentId: parent.id });
  for (const a of [parent, maya, noah]) await createBillingDetails(db, a.id);
  const parentInvoice = await createInvoice(db, parent.id, { amount: '30.00', dueDate: '2026-02-21' });
  const mayaOld = await createInvoice(db, maya.id, { amount: '50.00', dueDate: '2026-01-21' });
  const mayaNew = await createInvoice(db, maya.id, { amount: '20.00', dueDate: '2026-03-21', startDate: '2026-02-01', endDate: '2026-02-28' });
  const card = await createPaymentMethod(db, parent.id, { isDefault: true });
  return { parent, maya, noah, parentInvoice, mayaOld, mayaNew, card, headers: await headersFor([parent.id]) };
};

const payAll = (headers: Record<string, string>, body: unknown, key: string) =>
  ctx.app.inject({ method: 'POST', url: '/b/v1/Payment/payall', headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key }, payload: stringifyJson(body) });

describe('the family balance', () => {
  it('sums the balances and what is overdue of the parent and its sub-accounts, parent first', async () => {
    const f = await family();
    const res = await ctx.app.inject({ url: `/b/v1/Billing/family/${f.parent.id}`, headers: f.headers });
    expect(res.statusCode).toBe(200);
    const body = parseJson(res.body) as { accounts: { name: string }[]; balances: unknown; overdue: unknown };
    expect(body.accounts.map((a) => a.name)).toEqual(['Lee Family', 'Maya Lee', 'Noah Lee']);
    expect(body.balances).toEqual([{ amount: -100, currency: { code: 'CAD' } }]);
    // Overdue on Mar 10: the parent's (Feb 21) and Maya's older invoice (Jan 21), not her newer one.
    expect(body.overdue).toEqual([{ amount: 80, currency: { code: 'CAD' }, since: '2026-01-21' }]);
  });
});

describe('Pay all', () => {
  it('charges the card once and gives each account its share of its own invoices, with one receipt', async () => {
    const f = await family();
    const res = await payAll(f.headers, { accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }, `pay-all-${f.parent.id}`);
    expect(res.statusCode).toBe(200);
    const result = parseJson(res.body) as { payment: { id: number }; shares: { accountId: number; amount: number; paymentId: number }[] };
    expect(result.shares.map((s) => [BigInt(s.accountId), s.amount])).toEqual([
      [f.parent.id, 30],
      [f.maya.id, 70],
    ]);
    const lead = BigInt(result.payment.id);
    const [charge] = await ctx.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, `portal-payment-${lead}`));
    expect(charge!.amountMinor).toBe(10_000n);

    // A repeat with the same key answers the same payment and charges nothing more.
    const again = parseJson((await payAll(f.headers, { accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }, `pay-all-${f.parent.id}`)).body) as { payment: { id: number } };
    expect(BigInt(again.payment.id)).toBe(lead);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.payAllId, lead))).toHaveLength(1);

    await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
    for (const invoice of [f.parentInvoice, f.mayaOld, f.mayaNew]) expect(await owing(invoice.id)).toBe('0.00');
    const rows = await ctx.database.db.select({ status: payments.status }).from(payments).where(eq(payments.idempotencyKey, `pay-all:key:pay-all-${f.parent.id}`));
    expect(rows.map((r) => r.status)).toEqual(['Successful', 'Successful']);

    // One receipt, whichever share it is asked by: the whole charge, each account's share.
    const shareId = result.shares[1]!.paymentId;
    const [leadReceipt, shareReceipt] = await Promise.all(
      [lead, shareId].map((id) => ctx.app.inject({ url: `/b/v1/Payment/${id}/receipt`, headers: f.headers })),
    );
    expect(leadReceipt!.statusCode).toBe(200);
    const text = pdfText(leadReceipt!.rawPayload);
    for (const expected of ['Accounts paid', f.parent.customerNo, f.maya.customerNo, '$30.00', '$70.00', '$100.00']) expect(text).toContain(expected);
    expect(shareReceipt!.headers['content-disposition']).toBe(leadReceipt!.headers['content-disposition']);

    // A share is refunded through the lead's charge, never above its own amount.
    const staff = await staffHeaders(ctx);
    const refund = (amount: number) =>
      ctx.app.inject({ method: 'POST', url: `/b/v1/Payment/${shareId}/refund`, headers: { ...staff, 'content-type': 'application/json' }, payload: stringifyJson({ amount, reason: 'Pay all undone' }) });
    expect((await refund(70.01)).statusCode).toBe(409);
    expect(parseJson((await refund(70)).body)).toMatchObject({ status: 'Succeeded' });
    expect(await owing(f.mayaOld.id)).toBe('50.00');
    expect(await owing(f.parentInvoice.id)).toBe('0.00');
  });

  it('pays only the accounts the caller may touch', async () => {
    const f = await family();
    // A person of Maya's account alone cannot pay from the parent, and paying from Maya pays Maya only.
    const mayaPerson = await headersFor([f.maya.id]);
    expect((await payAll(mayaPerson, { accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }, 'maya-1')).statusCode).toBe(404);
    const mayaCard = await createPaymentMethod(ctx.database.db, f.maya.id, { isDefault: true });
    const res = await payAll(mayaPerson, { accountId: f.maya.id, paymentMethodId: mayaCard.id, currency: 'CAD' }, 'maya-2');
    expect(res.statusCode).toBe(200);
    const result = parseJson(res.body) as { shares: { accountId: number; amount: number }[] };
    expect(result.shares.map((s) => [BigInt(s.accountId), s.amount])).toEqual([[f.maya.id, 70]]);
    expect(await owing(f.parentInvoice.id)).toBe('30.00');
    // With nothing left open for the parent's card to pay but the parent's own, it pays that; then nothing.
    await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
    const parentOnly = parseJson((await payAll(f.headers, { accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }, 'parent-1')).body) as { shares: unknown[] };
    expect(parentOnly.shares).toHaveLength(1);
    const nothing = await payAll(f.headers, { accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }, 'parent-2');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ error: 'Nothing is owed in this currency across these accounts.' });
  });

  it('is sent again for the whole family when the provider could not be reached, its shares never on their own', async () => {
    const f = await family();
    const base = ctx.app.paymentProvider as PaymentProvider;
    const unreachable: PaymentProvider = { ...base, charge: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const offline = await buildTestApp({ clock: ctx.clock, database: ctx.database, paymentProvider: unreachable });
    try {
      const res = await offline.app.inject({
        method: 'POST',
        url: '/b/v1/Payment/payall',
        headers: { ...f.headers, 'content-type': 'application/json', 'idempotency-key': `offline-${f.parent.id}` },
        payload: stringifyJson({ accountId: f.parent.id, paymentMethodId: f.card.id, currency: 'CAD' }),
      });
      expect(res.statusCode).toBe(200);
      const lead = BigInt((parseJson(res.body) as { payment: { id: number } }).payment.id);
      ctx.clock.advance(10 * 60_000);
      await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now());
      const charges = await ctx.database.db.select().from(sandboxCharges);
      const [charge] = charges.filter((c) => c.idempotencyKey === `portal-payment-${lead}`);
      expect(charge!.amountMinor).toBe(10_000n);
      const [share] = await ctx.database.db.select({ id: payments.id }).from(payments).where(eq(payments.payAllId, lead));
      expect(charges.some((c) => c.idempotencyKey === `portal-payment-${share!.id}`)).toBe(false);
    } finally {
      await offline.close();
    }
  });
});
