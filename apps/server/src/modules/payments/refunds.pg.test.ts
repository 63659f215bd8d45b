/**
 * Twenty refunds of one payment sent at once, on PostgreSQL (docs/decisions/0036-refunds-and-pay-all.md):
 * each waits for the payment's row lock, and while the provider takes its time the Pending ones already
 * count against what the payment holds, so together they never give back more than it took.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { createInvoice, createPayment } from '../../../test/factories';
import { refunds, sandboxCharges } from '../../db/schema';
import type { PaymentProvider } from '../../card-providers';
import { createSandboxProvider } from '../../card-providers/sandbox/provider';
import { createTestDatabase } from '../../../test/database';

let ctx: TestContext;
let providerCalls = 0;

beforeAll(async () => {
  const database = await createTestDatabase();
  const sandbox = createSandboxProvider({ db: database.db, publicOrigin: 'http://localhost:3000' });
  // A processor that takes 30 ms to answer: refunds overlap while they are Pending.
  const slow: PaymentProvider = {
    ...sandbox,
    refund: async (input) => {
      providerCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return sandbox.refund(input);
    },
  };
  ctx = await buildTestApp({ clock: createTestClock('2026-03-10T15:00:00Z'), database, paymentProvider: slow });
});
afterAll(async () => {
  await ctx.close();
  await ctx.database.close();
});

it('gives back at most what the payment took, whatever 20 concurrent refunds ask', async () => {
  const db = ctx.database.db;
  const { account } = await createCustomer(ctx);
  const invoice = await createInvoice(db, account.id, { amount: '100.00' });
  await db.insert(sandboxCharges).values({ idempotencyKey: 'race', ref: 'ch_sb_race', cardRef: 'card_race', amountMinor: 10_000n, currency: 'CAD' });
  const payment = await createPayment(db, account.id, { provider: 'sandbox', providerRef: 'ch_sb_race', assignments: [{ receivableId: invoice.arId!, amount: '100.00' }] });
  const staff = await staffHeaders(ctx);

  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      ctx.app.inject({
        method: 'POST',
        url: `/b/v1/Payment/${payment.id}/refund`,
        headers: { ...staff, 'content-type': 'application/json' },
        payload: stringifyJson({ amount: 7, reason: 'Race' }),
      }),
    ),
  );
  const statuses = answers.map((a) => a.statusCode);
  // 14 × 7.00 = 98.00 fits in 100.00; a 15th would not.
  expect(statuses.filter((s) => s === 200)).toHaveLength(14);
  expect(statuses.filter((s) => s === 409)).toHaveLength(6);
  expect(answers.filter((a) => a.statusCode === 200).every((a) => (parseJson(a.body) as { status: string }).status === 'Succeeded')).toBe(true);
  expect(providerCalls).toBe(14);
  const rows = await db.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.paymentId, payment.id));
  expect(rows.reduce((sum, r) => sum + Number(r.amount) * 100, 0)).toBe(9_800);
  expect(rows.every((r) => r.status === 'Succeeded')).toBe(true);
});
