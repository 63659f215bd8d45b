/**
 * 20 disputes of a line and its records at once on PostgreSQL, where each runs on a connection of its
 * own (PGlite has one and takes them in turn): the account's lock still lets them claim the line once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createAccount, createBillingDetails, createUser } from '../../../test/factories';
import { callAs, createUsageLine, disputeTwentyAtOnce, liveDisputedCents, MIXED_LINE } from '../../../test/dispute-lines';
import type { Database } from '../../db/client';

let database: Database;
let ctx: TestContext;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  ctx = await buildTestApp({ clock: createTestClock('2026-11-25T12:00:00Z'), database });
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
});

describe('20 disputes at once on PostgreSQL', () => {
  it('never claim more than the line, nor a record more than itself, over three rounds', async () => {
    const db = database.db;
    const accountId = (await createAccount(db)).id;
    await createBillingDetails(db, accountId);
    const customer = await createUser(db, { accountIds: [accountId] });
    const call = callAs(ctx.app, db, () => ctx.clock.now());
    for (let round = 0; round < 3; round++) {
      const line = await createUsageLine(db, accountId, MIXED_LINE.amount, [...MIXED_LINE.records], {
        postedDate: new Date('2026-11-01T00:00:00Z'),
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        dueDate: '2026-11-21',
      });
      const answers = await disputeTwentyAtOnce(call, customer, line);
      expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 400)).toEqual([]);
      const granted = answers.filter((a) => a.status === 200).reduce((sum, a) => sum + BigInt(Math.round(Number(a.body.amount) * 100)), 0n);
      const live = await liveDisputedCents(db, line);
      const total = live.line + live.records.reduce((a, b) => a + b, 0n);
      expect(total).toBe(granted);
      expect(total).toBeLessThanOrEqual(1000n);
      expect(live.records.map((cents, i) => cents <= [400n, 300n, 300n][i]!)).toEqual([true, true, true]);
    }
  });
});
