/**
 * A credit issued while an invoice posts, on PostgreSQL (two connections at once): the posting read the
 * account before the credit existed, yet the credit's rest goes to the new invoice once, because the
 * posting's insert waits on the account row the credit holds and then reads that row as the credit left it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer, novemberInvoiceBody } from '../../../test/billing';
import { bearer } from '../../../test/factories';
import { accounts, creditNotes } from '../../db/schema';
import { lockAccount } from '../../lib/account-lock';
import { insertCredit } from './provider-repository';

let ctx: TestContext;
let provider: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-12-03T09:00:00Z') });
  provider = bearer(await clientTokenFor(ctx, ['invoices:write']));
});
afterAll(() => ctx.close());

const waitingOnALock = async () => {
  for (let i = 0; i < 200; i++) {
    const { rows } = await ctx.database.pool!.query<{ n: string }>(
      "select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The posting never waited on the account row');
};

it('applies a credit issued during a posting to that posting’s invoice, once', async () => {
  const { account } = await createCustomer(ctx, { externalId: 'ACC-RACE-1', currency: 'CAD' });
  let posting: Promise<{ statusCode: number }> | undefined;
  await ctx.database.db.transaction(async (tx) => {
    // As POST /p/v1/credits does: the account locked, then the credit with its rest (nothing was open).
    await lockAccount(tx, account.id);
    posting = ctx.app.inject({
      method: 'PUT',
      url: '/p/v1/invoices/INV-RACE-1',
      headers: { ...provider, 'content-type': 'application/json' },
      payload: stringifyJson(novemberInvoiceBody('ACC-RACE-1', 'RACE-00001')),
    }).then((res) => ({ statusCode: res.statusCode })); // inject sends once awaited
    await waitingOnALock();
    await insertCredit(
      tx,
      { accountId: account.id, externalId: 'CR-RACE-1', requestHash: 'h', amount: '40.00', currency: 'CAD', reason: 'Goodwill', unappliedOnIssue: '40.00', createdAt: ctx.clock.now() },
      [],
    );
  });
  expect((await posting!).statusCode).toBe(201);
  const notes = await ctx.database.db.select({ amount: creditNotes.amount }).from(creditNotes).where(eq(creditNotes.accountId, account.id));
  expect(notes.map((note) => Number(note.amount))).toEqual([40]);
  const [row] = await ctx.database.db.select({ unappliedCredit: accounts.unappliedCredit }).from(accounts).where(eq(accounts.id, account.id));
  expect(row!.unappliedCredit).toBe(false);
});
