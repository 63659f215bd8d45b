/**
 * An invoice past USAGE_RETENTION_MONTHS (docs/decisions/0032-partitioned-call-records.md): its PDF still
 * renders, and its CDR download, once the records went with their month, says they are no longer kept,
 * in the account's language. One whose records are still there lists them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createAccount, createBillingDetails, createInvoice, createUser, tokenFor } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { cdrs } from '../../db/schema';

let ctx: TestContext;

const oldInvoice = async (language: 'English' | 'French', withRecord = false) => {
  const db = ctx.database.db;
  const account = await createAccount(db, { language });
  await createBillingDetails(db, account.id);
  const invoice = await createInvoice(db, account.id, { startDate: '2024-10-01', endDate: '2024-10-31', postedDate: new Date('2024-11-01T15:00:00Z') });
  if (withRecord)
    await db.insert(cdrs).values({
      invoiceId: invoice.id,
      accountId: account.id,
      kind: 'voice',
      startedAt: new Date('2024-10-03T14:05:09Z'),
      fromNumber: '+15145550100',
      toNumber: '+14165550199',
      description: 'Call to Toronto',
      amount: '0.2500',
    });
  const headers = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  const res = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoice.id}`, headers });
  expect(res.statusCode).toBe(200);
  const { urls } = res.json() as { urls: { name: 'PDF' | 'CDRs'; url: string }[] };
  return { invoice, links: Object.fromEntries(urls.map((u) => [u.name, u.url])) as { PDF: string; CDRs: string } };
};

beforeAll(async () => {
  // Records are kept from 1 December 2024 on: the October 2024 invoices are past retention.
  ctx = await buildTestApp({ clock: createTestClock('2026-12-04T10:00:00Z'), config: { USAGE_RETENTION_MONTHS: 24 } });
});
afterAll(() => ctx.close());

describe('an invoice past retention', () => {
  it('still renders its PDF', async () => {
    const { invoice, links } = await oldInvoice('English');
    const res = await ctx.app.inject({ url: links.PDF });
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(invoice.invoiceNumber);
  });

  it.each([
    ['English', "Call records are kept for 24 months: this invoice's records are no longer kept."],
    ['French', "Les relevés d'appels sont conservés 24 mois\u202f: ceux de cette facture ne le sont plus."],
  ] as const)('says in %s that its call records are no longer kept', async (language, text) => {
    const { links } = await oldInvoice(language);
    const res = await ctx.app.inject({ url: links.CDRs });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe(`\uFEFF${text}\r\n`);
  });

  it('lists the records still kept (their month waits for its other invoices)', async () => {
    const { links } = await oldInvoice('English', true);
    const res = await ctx.app.inject({ url: links.CDRs });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Call to Toronto');
    expect(res.body).not.toContain('no longer kept');
  });
});
