/**
 * The usage explorer and the JSON statement count the account's days (decision 0025): for an account in
 * Vancouver and one in Paris, a record or a payment near midnight falls on the day, and in the month, its
 * local clock shows, the daily series groups by those days (a DST change day holds its 23 or 25 hours), and
 * the usage CSV prints its times on that clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseJson, type AccountStatement, type UsageRecords } from '@portal/contract';
import { accounts, cdrs } from '../../db/schema';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createBillingDetails, createPayment } from '../../../test/factories';

let ctx: TestContext;
type Customer = Awaited<ReturnType<typeof createCustomer>>;
let vancouver: Customer;
let paris: Customer;

const customerIn = async (timeZone: string, records: string[], paymentsAt: string[]) => {
  const db = ctx.database.db;
  const customer = await createCustomer(ctx);
  await createBillingDetails(db, customer.account.id);
  await db.update(accounts).set({ timeZone }).where(eq(accounts.id, customer.account.id));
  await db.insert(cdrs).values(
    records.map((at) => ({
      accountId: customer.account.id,
      kind: 'voice' as const,
      startedAt: new Date(at),
      fromNumber: '+16045550100',
      toNumber: '+16045550199',
      durationSeconds: 60,
      description: 'Local call',
      amount: '0.2500',
      usageClass: 0,
    })),
  );
  for (const at of paymentsAt) await createPayment(ctx.database.db, customer.account.id, { amount: '9.00', date: new Date(at) });
  return customer;
};

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2025-12-01T12:00:00Z') });
  vancouver = await customerIn(
    'America/Vancouver',
    // 23:30 on Jun 30 (PDT) and 00:30 on Jul 1; 00:30 and 23:30 on Mar 9, the day DST starts (23 hours).
    ['2025-07-01T06:30:00Z', '2025-07-01T07:30:00Z', '2025-03-09T08:30:00Z', '2025-03-10T06:30:00Z'],
    ['2025-07-01T06:30:00Z'],
  );
  paris = await customerIn(
    'Europe/Paris',
    // 23:30 on Mar 31 (CEST) and 00:30 on Apr 1; 00:00 and 23:59:59 on Oct 26, the day DST ends (25 hours).
    ['2025-03-31T21:30:00Z', '2025-03-31T22:30:00Z', '2025-10-25T22:00:00Z', '2025-10-26T22:59:59Z'],
    ['2025-03-31T22:30:00Z'],
  );
});
afterAll(() => ctx.close());

const explorer = async (customer: Customer, from: string, to: string) => {
  const res = await ctx.app.inject({ url: `/b/v1/Usage/records/${customer.account.id}?from=${from}&to=${to}&count=true`, headers: customer.headers });
  expect(res.statusCode, res.body).toBe(200);
  const page = parseJson(res.body) as UsageRecords;
  return { count: page.count, days: page.daily.map((d) => [d.day, d.voiceCount]) };
};

describe('the usage explorer', () => {
  it.each([
    ['Vancouver', '2025-06-01', '2025-06-30', { count: 1, days: [['2025-06-30', 1]] }, () => vancouver],
    ['Vancouver', '2025-07-01', '2025-07-31', { count: 1, days: [['2025-07-01', 1]] }, () => vancouver],
    ['Vancouver', '2025-03-09', '2025-03-09', { count: 2, days: [['2025-03-09', 2]] }, () => vancouver],
    ['Paris', '2025-03-01', '2025-03-31', { count: 1, days: [['2025-03-31', 1]] }, () => paris],
    ['Paris', '2025-04-01', '2025-04-30', { count: 1, days: [['2025-04-01', 1]] }, () => paris],
    ['Paris', '2025-10-26', '2025-10-26', { count: 2, days: [['2025-10-26', 2]] }, () => paris],
    ['Paris', '2025-10-25', '2025-10-25', { count: 0, days: [] }, () => paris],
  ])('in %s, from %s to %s: %j', async (_city, from, to, expected, customer) => {
    expect(await explorer(customer(), from, to)).toEqual(expected);
  });

  it('exports the times on the account’s clock, with their offset', async () => {
    const res = await ctx.app.inject({ url: `/b/v1/Usage/records/${vancouver.account.id}/export?from=2025-06-01&to=2025-07-31`, headers: vancouver.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').slice(1, 3).map((line) => line.split(',')[0])).toEqual(['2025-06-30T23:30:00-07:00', '2025-07-01T00:30:00-07:00']);
  });
});

describe('the JSON statement', () => {
  const paymentsOf = async (customer: Customer, start: string, end: string) => {
    const res = await ctx.app.inject({ url: `/b/v1/Account/${customer.account.id}/${start}/${end}`, headers: customer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const statement = parseJson(res.body) as AccountStatement;
    return { payments: statement.payments.length, totalPaid: statement.totalPaid };
  };

  it.each([
    ['Vancouver', '2025-06-01', '2025-06-30', { payments: 1, totalPaid: 9 }, () => vancouver],
    ['Vancouver', '2025-07-01', '2025-07-31', { payments: 0, totalPaid: 0 }, () => vancouver],
    ['Paris', '2025-03-01', '2025-03-31', { payments: 0, totalPaid: 0 }, () => paris],
    ['Paris', '2025-04-01', '2025-04-30', { payments: 1, totalPaid: 9 }, () => paris],
  ])('in %s, from %s to %s, holds the payments of those days: %j', async (_city, start, end, expected, customer) => {
    expect(await paymentsOf(customer(), start, end)).toEqual(expected);
  });
});
