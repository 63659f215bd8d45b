/**
 * Documents are written for their account (docs/decisions/0014-languages-of-what-customers-receive.md): the invoice PDF and the CDR CSV in the
 * account's language with its number and date formats, CDR times in its time zone with the offset, a
 * byte-order mark, and the provider's tax registration numbers on Canadian invoices (QST in Quebec).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addresses, cdrs } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createBillingDetails, createInvoice, createUser, tokenFor } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';

const GST_HST = '123456789 RT0001';
const QST = '1234567890 TQ0001';

let ctx: TestContext;

interface Case {
  headers: Record<string, string>;
  invoiceId: bigint;
  invoiceNumber: string;
}

/** An account with a billing address, a posted invoice (66.35 owing, due Feb 21 2025) and two CDRs. */
const billedAccount = async (
  language: 'English' | 'French',
  address: { city: string; province: string; postal: string; country: string },
): Promise<Case> => {
  const db = ctx.database.db;
  const account = await createAccount(db, { language });
  const { address: row } = await createBillingDetails(db, account.id);
  await db.update(addresses).set(address).where(eq(addresses.id, row.id));
  const invoice = await createInvoice(db, account.id, { amount: '66.35', postedDate: new Date('2025-02-01T15:00:00Z') });
  await db.insert(cdrs).values([
    {
      invoiceId: invoice.id,
      accountId: account.id,
      kind: 'voice',
      startedAt: new Date('2025-01-03T14:05:09Z'),
      fromNumber: '+15145550100',
      toNumber: '+14165550199',
      durationSeconds: 125,
      description: 'Appel à Toronto',
      amount: '0.2500',
    },
    {
      invoiceId: invoice.id,
      accountId: account.id,
      kind: 'data',
      // Summer: daylight saving time.
      startedAt: new Date('2025-07-04T03:30:00Z'),
      fromNumber: '+15145550100',
      toNumber: null,
      dataKb: 2048,
      description: 'Données',
      amount: '1.0000',
    },
  ]);
  const headers = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  return { headers, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber };
};

const links = async ({ headers, invoiceId }: Case): Promise<{ PDF: string; CDRs: string }> => {
  const res = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoiceId}`, headers });
  expect(res.statusCode).toBe(200);
  const { urls } = res.json() as { urls: { name: 'PDF' | 'CDRs'; url: string }[] };
  return Object.fromEntries(urls.map((u) => [u.name, u.url])) as { PDF: string; CDRs: string };
};

let quebec: Case;
let ontario: Case;
let newYork: Case;
let newfoundland: Case;

beforeAll(async () => {
  ctx = await buildTestApp({ config: { TAX_GST_HST_NUMBER: GST_HST, TAX_QST_NUMBER: QST } });
  quebec = await billedAccount('French', { city: 'Montréal', province: 'QC', postal: 'H2X 1Y4', country: 'CA' });
  ontario = await billedAccount('English', { city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' });
  newYork = await billedAccount('English', { city: 'New York', province: 'NY', postal: '10001', country: 'US' });
  newfoundland = await billedAccount('English', { city: "St. John's", province: 'NL', postal: 'A1C 5M2', country: 'CA' });
});
afterAll(() => ctx.close());

describe('the invoice PDF in the account’s language', () => {
  it('is French for a French (Quebec) account: labels, fr-CA money and dates, both tax numbers', async () => {
    const res = await ctx.app.inject({ url: (await links(quebec)).PDF });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Facture-${quebec.invoiceNumber}.pdf"; filename*=UTF-8''Facture-${quebec.invoiceNumber}.pdf`,
    );
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'FACTURE',
      'Numéro de facture',
      'Numéro de compte',
      "Date d'émission",
      '1 févr. 2025',
      "Date d'échéance",
      '21 févr. 2025',
      'Période facturée',
      '1 janv. – 31 janv. 2025',
      'FACTURER À',
      'Montréal, Québec  H2X 1Y4',
      'MONTANT DÛ',
      '66,35\u00a0$',
      'Échéance 21 févr. 2025',
      'En retard',
      'PÉRIODE',
      'MONTANT',
      'Forfaits et services',
      'Sous-total',
      'Total des frais',
      'Paiements reçus',
      "Aucun paiement n'a encore été reçu pour cette facture.",
      'Montant dû',
      'Page 1 de 2',
      `No d'inscription TPS/TVH ${GST_HST}`,
      `No d'inscription TVQ ${QST}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const english of ['INVOICE', 'Amount due', 'Subtotal', 'Feb 21, 2025', '$66.35', 'Page 1 of 2'])
      expect(text, english).not.toContain(english);
  });

  it('stays English for an English (Ontario) account, with the GST/HST number and no QST', async () => {
    const res = await ctx.app.inject({ url: (await links(ontario)).PDF });
    expect(res.headers['content-disposition']).toContain(`filename="Invoice-${ontario.invoiceNumber}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'INVOICE',
      'Invoice number',
      'Amount due',
      '$66.35',
      'Due Feb 21, 2025',
      'Overdue',
      'Page 1 of 2',
      `GST/HST registration no. ${GST_HST}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const french of ['FACTURE', 'Montant dû', '66,35', 'QST', 'TVQ']) expect(text, french).not.toContain(french);
  });

  it('shows no Canadian tax numbers on a US account’s invoice', async () => {
    const text = pdfText((await ctx.app.inject({ url: (await links(newYork)).PDF })).rawPayload);
    expect(text).toContain('INVOICE');
    expect(text).not.toContain(GST_HST);
    expect(text).not.toContain(QST);
  });
});

describe('the CDR CSV in the account’s language and time zone', () => {
  it('is French for the French account: header, call types, file name, BOM, Eastern times with offsets', async () => {
    const res = await ctx.app.inject({ url: (await links(quebec)).CDRs });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Appels-${quebec.invoiceNumber}.csv"; filename*=UTF-8''Appels-${quebec.invoiceNumber}.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.toString('utf8').split('\n')).toEqual([
      '\uFEFFDate/heure,Type,De,À,Durée (s),Données (Ko),Description,Montant',
      '2025-01-03T09:05:09-05:00,Appel,+15145550100,+14165550199,125,0,Appel à Toronto,0.2500',
      '2025-07-03T23:30:00-04:00,Données,+15145550100,,0,2048,Données,1.0000',
      '',
    ]);
  });

  it('is English for an English account, with its own zone (Newfoundland: half-hour offsets)', async () => {
    const res = await ctx.app.inject({ url: (await links(newfoundland)).CDRs });
    expect(res.headers['content-disposition']).toContain(`filename="CDRs-${newfoundland.invoiceNumber}.csv"`);
    const lines = res.rawPayload.toString('utf8').split('\n');
    expect(lines[0]).toBe('\uFEFFDate/Time,Type,From,To,Duration (s),Data (KB),Description,Amount');
    expect(lines[1]).toMatch(/^2025-01-03T10:35:09-03:30,Voice,/);
    expect(lines[2]).toMatch(/^2025-07-04T01:00:00-02:30,Data,/);
  });
});
