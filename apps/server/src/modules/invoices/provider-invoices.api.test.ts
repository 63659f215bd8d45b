/**
 * Posting invoices over the provider API: created once (201), the same body again answered alike (200)
 * with nothing changed, another body refused (409, pointing at credits), every validation rule by its
 * field path; and what a posted invoice does for the customer: the notification and its email, the
 * invoice in the list and the balance on the home page straight away, its PDF with the taxes' registrations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parseJson, stringifyJson, type ProviderInvoice } from '@portal/contract';
import { auditLog, charges, events, invoices, mailOutbox, notifications, receivables } from '../../db/schema';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer } from '../../../test/billing';
import { bearer, createBillingDetails } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { NOTIFICATION_MAIL_PURPOSE } from '../notifications';

const NOW = '2026-12-03T09:00:00Z';
let ctx: TestContext;
let smtp: TestSmtpServer;
let provider: Record<string, string>;
let customer: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { SMTP_URL: smtp.url } });
  provider = bearer(await clientTokenFor(ctx, ['invoices:write']));
  customer = await createCustomer(ctx, { externalId: 'ACC-INV-1', currency: 'CAD' });
  await createBillingDetails(ctx.database.db, customer.account.id);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let serial = 0;
/** A valid body of a new invoice number: 45.00 plan + 2.50 usage + 2.38 GST + 4.74 QST = 54.62. */
const bodyOf = (overrides: Record<string, unknown> = {}) => ({
  accountExternalId: 'ACC-INV-1',
  number: `PRV-${String(++serial).padStart(5, '0')}`,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  issueDate: '2026-12-01',
  dueDate: '2026-12-21',
  currency: 'CAD',
  lines: [
    { description: 'Unlimited Talk & Text', category: 'Plan', amount: '45.00', quantity: '1', unitPrice: '45' },
    { description: 'Long distance', category: 'Usage', amount: '2.50', quantity: '10', unitPrice: '0.25', usage: 'CrossBorder' },
  ],
  taxes: [
    { name: 'GST', registration: '123456789 RT0001', rate: '5', amount: '2.38' },
    { name: 'QST', registration: '1234567890 TQ0001', rate: '9.975', amount: '4.74' },
  ],
  total: '54.62',
  ...overrides,
});

const put = (externalId: string, payload: unknown, headers = provider) =>
  ctx.app.inject({ method: 'PUT', url: `/p/v1/invoices/${externalId}`, headers: { ...headers, 'content-type': 'application/json' }, payload: stringifyJson(payload) });
const json = <T>(res: { body: string }) => parseJson(res.body) as T;
/** The `invoice.posted` events recorded for the invoice posted under `externalId`. */
const postedEvents = (externalId: string) =>
  ctx.database.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'invoice.posted'), sql`${events.data}->>'invoiceExternalId' = ${externalId}`));

describe('PUT /p/v1/invoices/{externalId}', () => {
  it('posts the invoice (201): its lines and taxes as charges, its receivable, audited by the client', async () => {
    const res = await put('INV-A', bodyOf());
    expect(res.statusCode, res.body).toBe(201);
    const answer = json<ProviderInvoice>(res);
    expect(answer).toMatchObject({
      externalId: 'INV-A',
      accountExternalId: 'ACC-INV-1',
      state: 'Posted',
      issueDate: '2026-12-01',
      total: '54.62',
      lines: [
        { category: 'Plan', amount: '45.00', quantity: '1', unitPrice: '45', usage: null },
        { category: 'Usage', amount: '2.50', quantity: '10', unitPrice: '0.25', usage: 'CrossBorder' },
      ],
      taxes: [
        { name: 'GST', registration: '123456789 RT0001', rate: '5', amount: '2.38' },
        { name: 'QST', registration: '1234567890 TQ0001', rate: '9.975', amount: '4.74' },
      ],
    });
    const id = BigInt(String(answer.id));
    const db = ctx.database.db;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
    expect(invoice).toMatchObject({ accountId: customer.account.id, state: 'Posted', amount: '54.62', externalId: 'INV-A', dueDate: '2026-12-21' });
    const lines = await db.select().from(charges).where(eq(charges.invoiceId, id)).orderBy(charges.id);
    expect(lines.map((c) => [c.category, c.amount, c.usageClass, c.taxRegistration, c.taxRate])).toEqual([
      ['Plan', '45.00', null, null, null],
      ['Usage', '2.50', 1, null, null],
      ['Tax', '2.38', null, '123456789 RT0001', '5.000'],
      ['Tax', '4.74', null, '1234567890 TQ0001', '9.975'],
    ]);
    const [receivable] = await db.select().from(receivables).where(eq(receivables.invoiceId, id));
    expect(receivable).toMatchObject({ amount: '54.62', dueDate: '2026-12-21' });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.posted'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorClientId).not.toBeNull();
    const posted = await postedEvents('INV-A');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      accountId: customer.account.id,
      accountExternalId: 'ACC-INV-1',
      actorKind: 'client',
      actorName: 'Test client invoices:write',
      data: { invoiceExternalId: 'INV-A', number: answer.number, total: '54.62', currency: 'CAD', dueDate: '2026-12-21' },
    });

    const got = await ctx.app.inject({ url: '/p/v1/invoices/INV-A', headers: provider });
    expect(got.statusCode).toBe(200);
    expect(json(got)).toEqual(answer);
  });

  it('answers the same body again as the first time (200), key order aside, and changes nothing', async () => {
    const body = bodyOf();
    const first = await put('INV-B', body);
    expect(first.statusCode).toBe(201);
    const count = async () => (await ctx.database.db.execute<{ n: string }>(sql`select count(*)::text as n from charges`)).rows[0]!.n;
    const before = await count();
    // The same numbers written otherwise ("45.0000" is 45) are the same body.
    const [plan, ...rest] = body.lines;
    const reordered = Object.fromEntries(Object.entries({ ...body, lines: [{ ...plan, unitPrice: '45.0000' }, ...rest] }).reverse());
    const again = await put('INV-B', reordered);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toEqual(json(first));
    expect(await count()).toBe(before);
    expect(await postedEvents('INV-B')).toHaveLength(1);
  });

  it('refuses another body under a posted invoice’s id with 409 that points at credits', async () => {
    const body = bodyOf();
    expect((await put('INV-C', body)).statusCode).toBe(201);
    const changed = await put('INV-C', { ...body, dueDate: '2026-12-31' });
    expect(changed.statusCode).toBe(409);
    expect(json<{ error: string }>(changed).error).toContain('POST /p/v1/credits');
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.externalId, 'INV-C'));
    expect(invoice!.dueDate).toBe('2026-12-21');
    expect(await postedEvents('INV-C')).toHaveLength(1);
  });

  it('posts once when the same body arrives twice at once (201 and 200), and refuses a different one sent alongside (409)', async () => {
    const body = bodyOf();
    const twice = await Promise.all([put('INV-TWICE', body), put('INV-TWICE', body)]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    expect(json(twice[0]!)).toEqual(json(twice[1]!));
    const other = bodyOf();
    const racing = await Promise.all([put('INV-RACE', other), put('INV-RACE', { ...other, dueDate: '2026-12-31' })]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.database.db.select().from(invoices).where(sql`${invoices.externalId} in ('INV-TWICE', 'INV-RACE')`)).toHaveLength(2);
    expect(await postedEvents('INV-TWICE')).toHaveLength(1);
    expect(await postedEvents('INV-RACE')).toHaveLength(1);
  });

  it.each([
    ['the sum of lines and taxes is not the total', { total: '54.63' }, 'total'],
    ['a line’s quantity × unitPrice is not its amount', { lines: [{ description: 'Plan', category: 'Plan', amount: '45.00', quantity: '2', unitPrice: '45' }], taxes: [], total: '45.00' }, 'lines.0.amount'],
    ['an amount is not to the cent', { total: '54.625' }, 'total'],
    ['an amount is not a decimal string', { lines: [{ description: 'Plan', category: 'Plan', amount: 45 }], taxes: [], total: '45.00' }, 'lines.0.amount'],
    ['the currency is not the account’s', { currency: 'USD' }, 'currency'],
    ['the period ends before it starts', { periodEnd: '2026-10-31' }, 'periodEnd'],
    ['the due date is before the issue date', { dueDate: '2026-11-30' }, 'dueDate'],
    ['the account is unknown', { accountExternalId: 'NO-SUCH-ACC' }, 'accountExternalId'],
    ['a line’s category is Tax', { lines: [{ description: 'GST', category: 'Tax', amount: '54.62' }], taxes: [] }, 'lines.0.category'],
    ['a usage class on a Plan line', { lines: [{ description: 'Plan', category: 'Plan', amount: '54.62', usage: 'CrossBorder' }], taxes: [] }, 'lines.0.usage'],
    ['a negative total', { lines: [{ description: 'Refund', category: 'Adjustment', amount: '-5.00' }], taxes: [], total: '-5.00' }, 'total'],
  ])('refuses (400) when %s, at its field', async (_name, overrides, field) => {
    const res = await put(`INV-BAD-${field}-${++serial}`, bodyOf(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(json<{ fields: Record<string, string> }>(res).fields)).toContain(field);
  });

  it('refuses a number another invoice has (400 at number), and posts nothing', async () => {
    const body = bodyOf();
    expect((await put('INV-D', body)).statusCode).toBe(201);
    const res = await put('INV-E', body);
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields.number).toContain(body.number);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.externalId, 'INV-E'))).toHaveLength(0);
    expect(await postedEvents('INV-E')).toHaveLength(0);
  });

  it('answers 404 for an invoice never posted, and 403 to a client without invoices:write', async () => {
    expect((await ctx.app.inject({ url: '/p/v1/invoices/NEVER', headers: provider })).statusCode).toBe(404);
    const other = bearer(await clientTokenFor(ctx, ['accounts:write']));
    expect((await put('INV-F', bodyOf(), other)).statusCode).toBe(403);
  });
});

describe('what the customer sees of a posted invoice', () => {
  let posted: ProviderInvoice;
  let shownBefore: number;
  let balanceBefore: number;

  const list = async () => {
    const filter = encodeURIComponent(`AccountId==${customer.account.id}`);
    const res = await ctx.app.inject({ url: `/b/v1/Invoice/items?dnfilter=${filter}&count=true`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    return json<{ value: { id: string | number; invoiceNumber: string }[]; count: number }>(res);
  };
  const balance = async () => {
    const res = await ctx.app.inject({ url: `/b/v1/Billing/GetClientHomeModel/${customer.account.id}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const model = json<{ balances: { currency: { code: string }; amount: number }[] }>(res);
    return model.balances.find((b) => b.currency.code === 'CAD')?.amount ?? 0;
  };

  beforeAll(async () => {
    // Read (and cached) before the posting: the answers must not stay as they were.
    shownBefore = (await list()).count;
    balanceBefore = await balance();
    const res = await put('INV-SEEN', bodyOf());
    expect(res.statusCode, res.body).toBe(201);
    posted = json<ProviderInvoice>(res);
  });

  it('lists it at once, and the home page’s balance includes it', async () => {
    const after = await list();
    expect(after.count).toBe(shownBefore + 1);
    expect(after.value.map((i) => i.invoiceNumber)).toContain(posted.number);
    // Negative is owing: the balance moved by the invoice's total.
    expect(Math.round(balanceBefore * 100) - Math.round((await balance()) * 100)).toBe(5462);
  });

  it('notifies the account once and emails its person the invoice is ready', async () => {
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, customer.account.id), eq(notifications.eventKey, `invoice_posted:${posted.id}`)));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(posted.number);
    const queued = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, NOTIFICATION_MAIL_PURPOSE));
    expect(queued.length).toBeGreaterThan(0);
    const before = smtp.received.length;
    await ctx.app.outbox.deliverDue(ctx.clock.now());
    const mails = smtp.received.slice(before);
    expect(mails.map((m) => m.to).flat()).toContain(customer.user.email);
    expect(mails.some((m) => m.raw.includes(posted.number))).toBe(true);
    // The job that announces invoices written straight to the database sees this one announced.
    const { noticePostedInvoices } = await import('./posted-notices');
    await noticePostedInvoices({ db: ctx.database.db, outbox: ctx.app.outbox }, ctx.clock.now());
    const again = await ctx.database.db.select().from(notifications).where(eq(notifications.eventKey, `invoice_posted:${posted.id}`));
    expect(again).toHaveLength(1);
  });

  it('renders its PDF through the customer’s link, taxes with their rates and registrations', async () => {
    const links = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${posted.id}`, headers: customer.headers });
    expect(links.statusCode).toBe(200);
    const { urls } = json<{ urls: { name: string; url: string }[] }>(links);
    const pdf = await ctx.app.inject({ url: urls.find((u) => u.name === 'PDF')!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(posted.number);
    expect(text).toContain('GST 5% (registration no. 123456789 RT0001)');
    expect(text).toContain('QST 9.975% (registration no. 1234567890 TQ0001)');
    expect(text).toContain('54.62');
  });

  it('shows the posting in Account activity as by the API client', async () => {
    const res = await ctx.app.inject({ url: `/b/v1/Account/${customer.account.id}/history`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const entries = json<{ value: { action: string; actor: { kind: string; name: string | null }; amount: number | null }[] }>(res).value;
    const entry = entries.find((e) => e.action === 'invoice.posted');
    expect(entry).toMatchObject({ actor: { kind: 'client', name: 'Test client invoices:write' }, amount: 54.62 });
  });
});
