import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import copyStreams from 'pg-copy-streams';
import { eq, sql } from 'drizzle-orm';
import { cdrs, charges, invoices } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { pdfPageCount, pdfText } from '../../../test/pdf-text';
import { bearer, createAccount, createBillingDetails, createInvoice, createPayment, createUser, tokenFor } from '../../../test/factories';
import { cdrCsvStream } from './cdr-export';
import { EXPIRED_LINK, INVALID_LINK } from './service';

const pageCount = pdfPageCount;

let ctx: TestContext;
let customer: Record<string, string>;
let account: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let invoice: Awaited<ReturnType<typeof createInvoice>>;
let longInvoice: Awaited<ReturnType<typeof createInvoice>>;
let otherInvoice: Awaited<ReturnType<typeof createInvoice>>;
let draft: Awaited<ReturnType<typeof createInvoice>>;

const urlsOf = async (invoiceId: bigint): Promise<{ PDF: string; CDRs: string }> => {
  const res = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoiceId}`, headers: customer });
  expect(res.statusCode).toBe(200);
  const { urls } = res.json() as { urls: { name: 'PDF' | 'CDRs'; url: string }[] };
  return Object.fromEntries(urls.map((u) => [u.name, u.url])) as { PDF: string; CDRs: string };
};

/** A download exactly as a browser follows a plain link: no bearer header. */
const download = (url: string) => ctx.app.inject({ method: 'GET', url });

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  account = await createAccount(db, { name: 'Lee Household', invoiceName: 'Pat Lee' });
  other = await createAccount(db);
  await createBillingDetails(db, account.id);
  customer = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  invoice = await createInvoice(db, account.id, { invoiceNumber: 'INV-2025-0042', amount: '113.00', postedDate: new Date('2025-02-01T00:00:00Z') });
  await db.insert(charges).values({
    accountId: account.id,
    invoiceId: invoice.id,
    category: 'Tax',
    description: 'HST 13%',
    amount: '13.00',
    currency: 'CAD',
    startDate: '2025-01-01',
    endDate: '2025-01-31',
  });
  await db.update(charges).set({ amount: '100.00' }).where(eq(charges.category, 'Plan'));
  await createPayment(db, account.id, {
    date: new Date('2025-02-10T12:00:00Z'),
    description: 'Visa ending 4242',
    assignments: [{ receivableId: invoice.arId!, amount: '50.00' }],
  });
  longInvoice = await createInvoice(db, account.id, { invoiceNumber: 'INV-2025-LONG' });
  await db.insert(charges).values(
    Array.from({ length: 120 }, (_, i) => ({
      accountId: account.id,
      invoiceId: longInvoice.id,
      category: 'Usage' as const,
      description: `Call ${i + 1} to +1 212 555 ${String(1000 + i)}`,
      amount: '0.25',
      currency: 'CAD',
      startDate: '2025-01-05',
      endDate: '2025-01-05',
    })),
  );
  otherInvoice = await createInvoice(db, other.id);
  draft = await createInvoice(db, account.id, { state: 'Draft' });
  await db.insert(cdrs).values([
    {
      invoiceId: invoice.id,
      accountId: account.id,
      kind: 'voice',
      startedAt: new Date('2025-01-03T14:05:09Z'),
      fromNumber: '+14165550100',
      toNumber: '+12125550199',
      durationSeconds: 125,
      description: 'Call to New York, NY',
      amount: '0.2500',
    },
    {
      invoiceId: invoice.id,
      accountId: account.id,
      kind: 'data',
      startedAt: new Date('2025-01-04T00:00:00Z'),
      fromNumber: '+14165550100',
      toNumber: null,
      dataKb: 2048,
      description: 'Roaming, "Zone 1" data',
      amount: '1.0000',
    },
    {
      invoiceId: otherInvoice.id,
      accountId: other.id,
      kind: 'sms',
      startedAt: new Date('2025-01-04T00:00:00Z'),
      fromNumber: '+15145550100',
      toNumber: '+15145550101',
      description: 'Not this invoice',
      amount: '0.1000',
    },
  ]);
});
afterAll(() => ctx.close());

describe('GET /b/v1/Billing/InvoiceURLs/{invoiceId}', () => {
  it('answers signed PDF and CDR links of the invoice', async () => {
    const urls = await urlsOf(invoice.id);
    expect(urls.PDF).toMatch(new RegExp(`^/b/v1/documents/invoices/${invoice.id}/pdf\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(urls.CDRs).toMatch(new RegExp(`^/b/v1/documents/invoices/${invoice.id}/cdrs\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const expires = Number(new URL(urls.PDF, 'http://x').searchParams.get('expires'));
    // Ten minutes on, rounded up to the minute: every answer of one minute carries the same links.
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    expect(expires % 60).toBe(0);
    expect(expires - now).toBeGreaterThanOrEqual(600);
    expect(expires - now).toBeLessThan(660);
  });

  it('answers 404 for another account’s, a Draft and an unknown invoice, and 401 without a session', async () => {
    for (const id of [otherInvoice.id, draft.id, 987654321n]) {
      const res = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${id}`, headers: customer });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'The invoice was not found.' });
    }
    const anonymous = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoice.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signed document downloads', () => {
  it('serves the invoice PDF through a plain link, without a bearer header', async () => {
    const res = await download((await urlsOf(invoice.id)).PDF);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-INV-2025-0042.pdf"; filename*=UTF-8''Invoice-INV-2025-0042.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    for (const expected of [
      'Example Telecom',
      'INV-2025-0042',
      'Pat Lee',
      '100 King St W',
      'Toronto, Ontario  M5X 1A9',
      'Canada',
      'Unlimited Talk & Text',
      'HST 13%',
      'Subtotal',
      '$100.00',
      '$13.00',
      '$113.00',
      'Visa ending 4242',
      '-$50.00',
      'Amount due',
      '$63.00',
      // Due Feb 21, 2025 and still owing: overdue today.
      'Overdue',
      'Page 1 of 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('flows a long invoice onto numbered pages', async () => {
    const res = await download((await urlsOf(longInvoice.id)).PDF);
    expect(res.statusCode).toBe(200);
    const pages = pageCount(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfText(res.rawPayload);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain('Invoice INV-2025-LONG (continued)');
    expect(text).toContain('Call 120 to +1 212 555 1119');
  });

  it('streams the CDRs as CSV with a header line and correct quoting', async () => {
    const res = await download((await urlsOf(invoice.id)).CDRs);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CDRs-INV-2025-0042.csv"; filename*=UTF-8''CDRs-INV-2025-0042.csv`);
    // A byte-order mark first; times in the account's zone (its Toronto billing address) with the offset.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\n')).toEqual([
      '\uFEFFDate/Time,Type,From,To,Duration (s),Data (KB),Description,Amount',
      '2025-01-03T09:05:09-05:00,Voice,+14165550100,+12125550199,125,0,"Call to New York, NY",0.2500',
      '2025-01-03T19:00:00-05:00,Data,+14165550100,,0,2048,"Roaming, ""Zone 1"" data",1.0000',
      '',
    ]);
  });

  it('pages the CDRs without losing or repeating a row, whatever the chunk size', async () => {
    const whole = (await download((await urlsOf(invoice.id)).CDRs)).body;
    for (const chunkRows of [1, 2, 3]) {
      let text = '';
      for await (const chunk of await cdrCsvStream(ctx.database, invoice.id, { language: 'en', timeZone: 'America/Toronto' }, chunkRows)) text += String(chunk);
      expect(text, `chunks of ${chunkRows}`).toBe(whole);
    }
    expect(whole.split('\n')).toHaveLength(4);
  });

  it('answers HEAD on a link with the headers only, without running the export', async () => {
    const { CDRs, PDF } = await urlsOf(invoice.id);
    const exports = ctx.database.kind === 'postgres' ? vi.spyOn(copyStreams, 'to') : vi.spyOn(ctx.database.pglite!, 'transaction');
    const cdrHead = await ctx.app.inject({ method: 'HEAD', url: CDRs });
    expect(cdrHead.statusCode).toBe(200);
    expect(cdrHead.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(cdrHead.body).toBe('');
    expect(exports).not.toHaveBeenCalled();
    expect((await download(CDRs)).statusCode).toBe(200);
    expect(exports).toHaveBeenCalled();
    exports.mockRestore();
    const pdfHead = await ctx.app.inject({ method: 'HEAD', url: PDF });
    expect(pdfHead.headers['content-disposition']).toContain('Invoice-INV-2025-0042.pdf');
    const forged = await ctx.app.inject({ method: 'HEAD', url: `${PDF.slice(0, -1)}${PDF.endsWith('A') ? 'B' : 'A'}` });
    expect(forged.statusCode).toBe(403);
  });

  it('answers an invoice without CDRs with the header line only', async () => {
    const res = await download((await urlsOf(longInvoice.id)).CDRs);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFDate/Time,Type,From,To,Duration (s),Data (KB),Description,Amount\n');
  });

  it('neutralises descriptions that would start a spreadsheet formula, and keeps amounts and phone numbers as numbers', async () => {
    const db = ctx.database.db;
    const hostile = await createInvoice(db, account.id, { invoiceNumber: 'INV-2025-CSV' });
    const record = { invoiceId: hostile.id, accountId: account.id, kind: 'voice' as const, durationSeconds: 60, fromNumber: '+14165550100', toNumber: '+12125550199' };
    const descriptions = ['=HYPERLINK("http://x.example")', '@SUM(A1:A9)', '\t=1+1', '-2+3', "+cmd|' /C calc'!A0", '-15', 'Call to Paris'];
    await db.insert(cdrs).values(
      descriptions.map((description, i) => ({ ...record, startedAt: new Date(Date.UTC(2025, 0, 5, 15, i)), description, amount: i === 0 ? '-0.2500' : '0.2500' })),
    );
    const res = await download((await urlsOf(hostile.id)).CDRs);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n').slice(1, -1);
    // The numbers as stored; only the description changes.
    const head = (i: number) => `2025-01-05T10:0${i}:00-05:00,Voice,+14165550100,+12125550199,60,0,`;
    expect(lines.every((line, i) => line.startsWith(head(i)))).toBe(true);
    expect(lines.map((line, i) => line.slice(head(i).length))).toEqual([
      `"'=HYPERLINK(""http://x.example"")",-0.2500`,
      `'@SUM(A1:A9),0.2500`,
      `'\t=1+1,0.2500`,
      `'-2+3,0.2500`,
      `'+cmd|' /C calc'!A0,0.2500`,
      `-15,0.2500`,
      `Call to Paris,0.2500`,
    ]);
  });

  it('refuses altered links with 403', async () => {
    const { PDF, CDRs } = await urlsOf(invoice.id);
    const url = new URL(PDF, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const otherSigned = new URL((await urlsOf(longInvoice.id)).PDF, 'http://x');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `/b/v1/documents/invoices/${invoice.id}/pdf?expires=${expires}&sig=${flipped}`,
      `/b/v1/documents/invoices/${invoice.id}/pdf?expires=${Number(expires) + 3600}&sig=${sig}`,
      // Another invoice's path with this invoice's signature, and the other way round.
      `/b/v1/documents/invoices/${longInvoice.id}/pdf?expires=${expires}&sig=${sig}`,
      `/b/v1/documents/invoices/${invoice.id}/pdf?${otherSigned.searchParams}`,
      // The PDF's signature on the CDR download.
      `/b/v1/documents/invoices/${invoice.id}/cdrs?expires=${expires}&sig=${sig}`,
      `/b/v1/documents/invoices/${invoice.id}/pdf?expires=${expires}`,
      `/b/v1/documents/invoices/${invoice.id}/pdf`,
      `/b/v1/documents/invoices/${invoice.id}/pdf?expires=soon&sig=${sig}`,
    ];
    for (const link of tampered) {
      const res = await download(link);
      expect(res.statusCode, link).toBe(403);
      expect(res.json()).toEqual({ error: INVALID_LINK });
    }
    expect((await download(CDRs)).statusCode).toBe(200);
  });

  it('refuses an expired link with 410 and a clear message', async () => {
    const { PDF } = await urlsOf(invoice.id);
    ctx.clock.advance(9 * 60 * 1000);
    expect((await download(PDF)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60 * 1000);
    const res = await download(PDF);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: EXPIRED_LINK });
    ctx.clock.set(new Date());
  });

  it('stops working when the invoice is no longer Posted', async () => {
    const voided = await createInvoice(ctx.database.db, account.id);
    const { PDF } = await urlsOf(voided.id);
    await ctx.database.db.update(invoices).set({ state: 'Void' }).where(eq(invoices.id, voided.id));
    const res = await download(PDF);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The invoice was not found.' });
  });

  it('answers an unknown document kind with 400', async () => {
    const res = await download(`/b/v1/documents/invoices/${invoice.id}/zip?expires=1&sig=x`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^params\.document: /);
  });

  it('keeps one signing key in app_secrets, shared by every instance', async () => {
    const { rows } = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from app_secrets where name = 'document_link_key'`);
    expect(rows[0]!.n).toBe(1);
  });
});
