/**
 * This period for an account with no period being billed: the calendar month it is now in the account's
 * time zone, so at 05:00 UTC on March 1 Vancouver is still in February and Halifax already in March.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createBillingDetails } from '../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-03-01T05:00:00Z') });
});
afterAll(() => ctx.close());

const periodIn = async (timeZone: string | null) => {
  const customer = await createCustomer(ctx);
  await createBillingDetails(ctx.database.db, customer.account.id);
  await ctx.database.db.update(accounts).set({ timeZone }).where(eq(accounts.id, customer.account.id));
  const res = await ctx.app.inject({ url: `/b/v1/Usage/summary/${customer.account.id}`, headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return res.json().period;
};

describe('Usage/summary without a Draft invoice', () => {
  it.each([
    ['America/Vancouver', { start: '2026-02-01', end: '2026-02-28' }],
    ['America/Halifax', { start: '2026-03-01', end: '2026-03-31' }],
    // No zone set: the Ontario billing address's, where 00:00 on Mar 1 has just struck.
    [null, { start: '2026-03-01', end: '2026-03-31' }],
  ])('is the month of now in %s', async (timeZone, period) => {
    expect(await periodIn(timeZone)).toEqual(period);
  });
});
