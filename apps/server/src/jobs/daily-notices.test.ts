/** The notices job steps: each event occurrence recorded once, whatever runs when. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../test/app';
import { appDeps, createCustomer } from '../../test/billing';
import { createInvoice, createPaymentMethod } from '../../test/factories';
import { accounts, autopayRuns, autopaySchedules, mailOutbox, notifications } from '../db/schema';
import { noticePostedInvoices } from '../modules/invoices';
import { dailyNotices } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-11-12T06:00:00Z') });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const at = (iso: string) => new Date(iso);
const notesOf = async (accountId: bigint) =>
  (await db().select().from(notifications).where(eq(notifications.accountId, accountId)).orderBy(notifications.id)).map((n) => [n.kind, n.data]);
const mails = async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.purpose, 'notification'))).length;

const autopayAccount = async (frequency: 'dueDate' | 'monthly', amountType: 'full' | 'fixed' = 'full', fixedAmount: string | null = null) => {
  const { account } = await createCustomer(ctx, { paymentMethod: 'Credit Card' });
  const card = await createPaymentMethod(db(), account.id, { isDefault: true });
  await db().insert(autopaySchedules).values({ accountId: account.id, paymentMethodId: card.id, frequency, amountType, fixedAmount });
  return account;
};

describe('daily notices', () => {
  it('announces a due-date automatic payment once, 3 days ahead, however often and concurrently it runs', async () => {
    const account = await autopayAccount('dueDate');
    const invoice = await createInvoice(db(), account.id, { amount: '45.10', dueDate: '2026-11-20' });
    await dailyNotices(appDeps(ctx), at('2026-11-16T06:00:00Z')); // 4 days ahead: not yet
    expect(await notesOf(account.id)).toEqual([]);
    const before = await mails();
    await Promise.all([dailyNotices(appDeps(ctx), at('2026-11-17T06:00:00Z')), dailyNotices(appDeps(ctx), at('2026-11-17T06:00:00Z'))]);
    await dailyNotices(appDeps(ctx), at('2026-11-18T06:00:00Z'));
    expect(await notesOf(account.id)).toEqual([
      ['autopay_scheduled', { period: `due:${invoice.arId}`, date: '2026-11-20', amount: '45.10', currency: 'CAD' }],
    ]);
    expect((await mails()) - before).toBe(1);
  });

  it('announces the monthly payment of the 15th (a fixed amount up to what is open) once, and not once it ran or nothing is open', async () => {
    const fixed = await autopayAccount('monthly', 'fixed', '30.00');
    await createInvoice(db(), fixed.id, { amount: '100.00', dueDate: '2026-11-30' });
    const charged = await autopayAccount('monthly');
    await createInvoice(db(), charged.id, { amount: '100.00', dueDate: '2026-11-30' });
    await db().insert(autopayRuns).values({ accountId: charged.id, period: '2026-11', outcome: 'nothing_due' });
    const nothingOpen = await autopayAccount('monthly');
    for (const day of ['2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14']) await dailyNotices(appDeps(ctx), at(`${day}T06:00:00Z`));
    expect(await notesOf(fixed.id)).toEqual([['autopay_scheduled', { period: '2026-11', date: '2026-11-15', amount: '30.00', currency: 'CAD' }]]);
    expect(await notesOf(charged.id)).toEqual([]);
    expect(await notesOf(nothingOpen.id)).toEqual([]);
  });

  it('says nothing while automatic payments are off', async () => {
    const account = await autopayAccount('dueDate');
    await db().update(accounts).set({ paymentMethod: 'Credit Card (Manual)' }).where(eq(accounts.id, account.id));
    await createInvoice(db(), account.id, { amount: '10.00', dueDate: '2026-11-14' });
    await dailyNotices(appDeps(ctx), at('2026-11-12T06:00:00Z'));
    expect(await notesOf(account.id)).toEqual([]);
  });

  it('tells about a card once before it expires and once after, whatever the number of runs', async () => {
    const { account } = await createCustomer(ctx);
    const card = await createPaymentMethod(db(), account.id, { brand: 'Visa', last4: '1881', expMonth: 12, expYear: 2026 });
    await createPaymentMethod(db(), account.id, { expMonth: 6, expYear: 2030 });
    const data = { paymentMethodId: String(card.id), brand: 'Visa', last4: '1881', expMonth: 12, expYear: 2026 };
    await dailyNotices(appDeps(ctx), at('2026-12-01T00:00:00Z')); // 31 days left
    expect(await notesOf(account.id)).toEqual([]);
    for (const day of ['2026-12-02', '2026-12-02', '2026-12-20', '2026-12-31']) await dailyNotices(appDeps(ctx), at(`${day}T06:00:00Z`));
    await Promise.all([dailyNotices(appDeps(ctx), at('2027-01-01T06:00:00Z')), dailyNotices(appDeps(ctx), at('2027-01-01T06:00:00Z'))]);
    await dailyNotices(appDeps(ctx), at('2027-01-20T06:00:00Z'));
    expect(await notesOf(account.id)).toEqual([
      ['card_expiring', data],
      ['card_expired', data],
    ]);
  });
});

describe('invoice posted notices', () => {
  it('announces each invoice posted in the last 3 days once, and not older ones or drafts', async () => {
    const { account } = await createCustomer(ctx);
    const fresh = await createInvoice(db(), account.id, { amount: '66.35', dueDate: '2026-12-20', postedDate: at('2026-11-24T10:00:00Z') });
    await createInvoice(db(), account.id, { postedDate: at('2026-11-20T10:00:00Z') });
    await createInvoice(db(), account.id, { state: 'Draft' });
    const now = at('2026-11-25T09:00:00Z');
    await Promise.all([noticePostedInvoices(appDeps(ctx), now), noticePostedInvoices(appDeps(ctx), now)]);
    await noticePostedInvoices(appDeps(ctx), now);
    expect(await notesOf(account.id)).toEqual([
      ['invoice_posted', { invoiceId: String(fresh.id), invoiceNumber: fresh.invoiceNumber, amount: '66.35', currency: 'CAD', dueDate: '2026-12-20' }],
    ]);
  });
});
