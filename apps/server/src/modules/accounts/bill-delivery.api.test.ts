/**
 * Paper or paperless (docs/decisions/0037-a-bill-that-explains-itself.md): a customer chooses on Account
 * Information, the provider too over `PUT /p/v1/accounts`, `account.updated` tells the choice before and after,
 * paper only where the provider offers it, and the invoice email follows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stringifyJson } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { appDeps } from '../../../test/billing';
import { clientTokenFor } from '../../../test/api-clients';
import { bearer, createAccount, createBillingDetails, createInvoice, createUser, tokenFor } from '../../../test/factories';
import { mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { accounts, events } from '../../db/schema';
import { noticePostedInvoices } from '../invoices';

let smtp: TestSmtpServer;
let offered: TestContext;
let notOffered: TestContext;

const app = (paperBills: boolean) =>
  buildTestApp({
    config: { SMTP_URL: smtp.url, PAPER_BILLS: paperBills },
  });

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const customer = async (ctx: TestContext, language: 'English' | 'French' = 'English') => {
  const db = ctx.database.db;
  const account = await createAccount(db, { language, externalId: `ext-${Math.random().toString(36).slice(2)}` });
  await createBillingDetails(db, account.id);
  const user = await createUser(db, { accountIds: [account.id] });
  return { account, user, headers: bearer(await tokenFor(db, user)) };
};

const send = (ctx: TestContext, method: 'PUT' | 'GET', url: string, headers: Record<string, string>, body?: unknown) =>
  ctx.app.inject(
    body === undefined
      ? { method, url, headers }
      : { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: stringifyJson(body) },
  );

const details = (account: { id: bigint; language: string; invoiceEmailAddress: string | null }, billDelivery?: string) => ({
  accountId: account.id,
  language: account.language,
  invoiceEmail: account.invoiceEmailAddress,
  ...(billDelivery === undefined ? {} : { billDelivery }),
});

const updates = (ctx: TestContext, accountId: bigint) =>
  ctx.database.db
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.type, 'account.updated')))
    .orderBy(events.seq);

describe('where the provider sends paper bills', () => {
  beforeAll(async () => {
    offered = await app(true);
  });
  afterAll(async () => {
    await offered?.close();
  });

  it('on Account Information: saved, shown, and told to the provider with before and after', async () => {
    const c = await customer(offered);
    const before = await send(offered, 'GET', `/b/v1/Account/details/${c.account.id}`, c.headers);
    expect(before.json()).toMatchObject({ account: { billDelivery: 'emailLink' }, paperBillsOffered: true });

    expect(
      (await send(offered, 'PUT', '/b/v1/Account/customerdetails', c.headers, details(c.account, 'emailPdf'))).statusCode,
    ).toBe(200);
    // Leaving it out keeps it.
    expect((await send(offered, 'PUT', '/b/v1/Account/customerdetails', c.headers, details(c.account))).statusCode).toBe(200);
    expect((await send(offered, 'PUT', '/b/v1/Account/customerdetails', c.headers, details(c.account, 'paper'))).statusCode).toBe(
      200,
    );

    const after = await send(offered, 'GET', `/b/v1/Account/details/${c.account.id}`, c.headers);
    expect(after.json()).toMatchObject({ account: { billDelivery: 'paper' } });
    expect((await updates(offered, c.account.id)).map((e) => e.data)).toEqual([
      { changes: { billDelivery: { before: 'emailLink', after: 'emailPdf' } } },
      { changes: { billDelivery: { before: 'emailPdf', after: 'paper' } } },
    ]);
  });

  it('by the provider: PUT /p/v1/accounts takes it, answers it, and a body without it keeps it', async () => {
    const c = await customer(offered);
    const writer = bearer(await clientTokenFor(offered, ['accounts:write']));
    const body = {
      name: c.account.name,
      type: c.account.type,
      currency: 'CAD',
      language: 'English',
      invoiceEmail: c.account.invoiceEmailAddress,
      billingContact: { firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '+14165550100' },
      billingAddress: {
        streetNumber: '100',
        streetName: 'King St W',
        city: 'Toronto',
        province: 'ON',
        postal: 'M5X 1A9',
        country: 'CA',
      },
    };
    const put = await send(offered, 'PUT', `/p/v1/accounts/${c.account.externalId}`, writer, {
      ...body,
      billDelivery: 'emailPdf',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ billDelivery: 'emailPdf' });
    const again = await send(offered, 'PUT', `/p/v1/accounts/${c.account.externalId}`, writer, body);
    expect(again.json()).toMatchObject({ billDelivery: 'emailPdf' });
    expect((await updates(offered, c.account.id)).map((e) => e.data)).toEqual([
      { changes: { billDelivery: { before: 'emailLink', after: 'emailPdf' } } },
    ]);
  });

  describe('the invoice email follows the choice', () => {
    // The notice job's day: the invoices below were posted the day before.
    beforeAll(() => offered.clock.set('2026-11-25T12:00:00Z'));

    /** A part of `type` anywhere in the message (also inside multipart/mixed, with an attachment), decoded. */
    const partOf = (raw: string, type: string): string => {
      const match = new RegExp(
        `Content-Type: ${type}[^\\r\\n]*\\r?\\n((?:[\\w-]+:[^\\r\\n]*\\r?\\n)*)\\r?\\n([\\s\\S]*?)\\r?\\n--`,
        'i',
      ).exec(raw);
      return match ? (mailParts(`Content-Type: ${type}\r\n${match[1]}\r\n${match[2]}`).parts[type] ?? '') : '';
    };
    /** The PDF attachments of a raw message: their file names. */
    const pdfNames = (raw: string) =>
      [...raw.matchAll(/Content-Type: application\/pdf;\s*name=("?)([^"\r\n]+)\1/g)].map((m) => m[2]!);

    const postAndSend = async (language: 'English' | 'French', billDelivery: 'emailPdf' | 'emailLink' | 'paper') => {
      const ctx = offered;
      await ctx.app.outbox.deliverDue(ctx.clock.now());
      const c = await customer(ctx, language);
      await ctx.database.db.update(accounts).set({ billDelivery }).where(eq(accounts.id, c.account.id));
      await createInvoice(ctx.database.db, c.account.id, {
        amount: '45.00',
        postedDate: new Date('2026-11-24T00:00:00Z'),
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        dueDate: '2026-12-15',
      });
      const before = smtp.received.length;
      await noticePostedInvoices(appDeps(ctx), ctx.clock.now());
      await ctx.app.outbox.deliverDue(ctx.clock.now());
      return smtp.received.slice(before).filter((mail) => mail.to.includes(c.user.email!));
    };

    it.each([
      ['English', /^Invoice-INV-\d{6}\.pdf$/, 'Your invoice is attached (PDF).'],
      ['French', /^Facture-INV-\d{6}\.pdf$/, 'Votre facture est jointe (PDF).'],
    ] as const)('email with the PDF attached (%s)', async (language, fileName, line) => {
      const [mail, ...others] = await postAndSend(language, 'emailPdf');
      expect(others).toEqual([]);
      expect(pdfNames(mail!.raw)).toEqual([expect.stringMatching(fileName)]);
      expect(partOf(mail!.raw, 'text/plain')).toContain(line);
    });

    it('email with the link only', async () => {
      const [mail, ...others] = await postAndSend('English', 'emailLink');
      expect(others).toEqual([]);
      expect(pdfNames(mail!.raw)).toEqual([]);
      expect(partOf(mail!.raw, 'text/plain')).toContain('View the invoice');
      expect(partOf(mail!.raw, 'text/plain')).not.toContain('attached');
    });

    it('paper by post: no email', async () => {
      expect(await postAndSend('English', 'paper')).toEqual([]);
    });
  });
});

describe('where the provider sends no paper bills', () => {
  beforeAll(async () => {
    notOffered = await app(false);
  });
  afterAll(async () => {
    await notOffered?.close();
  });

  it('refuses paper where the provider does not send it, with the field', async () => {
    const c = await customer(notOffered);
    const details0 = await send(notOffered, 'GET', `/b/v1/Account/details/${c.account.id}`, c.headers);
    expect(details0.json()).toMatchObject({ paperBillsOffered: false });
    const res = await send(notOffered, 'PUT', '/b/v1/Account/customerdetails', c.headers, details(c.account, 'paper'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Paper bills are not offered.',
      fields: { billDelivery: 'Paper bills are not offered.' },
    });
    const [row] = await notOffered.database.db
      .select({ billDelivery: accounts.billDelivery })
      .from(accounts)
      .where(eq(accounts.id, c.account.id));
    expect(row!.billDelivery).toBe('emailLink');
    expect(await updates(notOffered, c.account.id)).toEqual([]);
  });

  it('refuses paper from the provider too', async () => {
    const c = await customer(notOffered);
    const writer = bearer(await clientTokenFor(notOffered, ['accounts:write']));
    const refused = await send(notOffered, 'PUT', `/p/v1/accounts/${c.account.externalId}`, writer, {
      name: c.account.name,
      type: c.account.type,
      currency: 'CAD',
      language: 'English',
      invoiceEmail: c.account.invoiceEmailAddress,
      billDelivery: 'paper',
      billingContact: { firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '+14165550100' },
      billingAddress: {
        streetNumber: '100',
        streetName: 'King St W',
        city: 'Toronto',
        province: 'ON',
        postal: 'M5X 1A9',
        country: 'CA',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Paper bills are not offered.',
      fields: { billDelivery: 'Paper bills are not offered.' },
    });
  });
});
