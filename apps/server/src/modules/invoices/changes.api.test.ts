/**
 * Invoice/{id}/changes over every invoice of the demo data set: the causes sum to the difference of the
 * two totals to the cent, nothing of the demo's lines is left to "other changes", and the words follow
 * the caller's language. The PDF opens with the same explanation, then the account in the carrier's form,
 * its figures the ledger's, in the account's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseJson, toMinor, type InvoiceChanges } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { seedDemoData, type DemoSeedResult } from '../../db/seed/demo';
import { pdfText } from '../../../test/pdf-text';
import { formatMoney } from '../../lib/document-format';

let ctx: TestContext;
let staff: Record<string, string>;
let seeded: DemoSeedResult;

type InvoicePair = {
  id: string;
  account_id: string;
  amount: string;
  previous_id: string | null;
  previous_amount: string | null;
};

/** Every Posted invoice with its previous one (same account and currency, by period end), found independently of the server's query. */
let pairs: InvoicePair[];

beforeAll(async () => {
  ctx = await buildTestApp();
  seeded = await seedDemoData(ctx.database, { now: new Date('2025-06-15T12:00:00Z') });
  staff = bearer(await tokenFor(ctx.database.db, await createUser(ctx.database.db, { roles: ['Staff'] }), { accountIds: [] }));
  const { rows } = await ctx.database.db.execute<InvoicePair>(sql`
    select id::text, account_id::text, amount::text,
      (lag(id) over w)::text as previous_id, (lag(amount) over w)::text as previous_amount
    from invoices where state = 'Posted'
    window w as (partition by account_id, currency order by end_date, id)
    order by id`);
  pairs = rows;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const changesOf = async (id: string, language = 'en'): Promise<InvoiceChanges> => {
  const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Invoice/${id}/changes`, headers: { ...staff, 'accept-language': language } });
  expect(res.statusCode, res.body).toBe(200);
  return parseJson(res.body) as InvoiceChanges;
};

describe('GET /b/v1/Invoice/{id}/changes over the demo invoices', () => {
  it('has many invoice pairs to explain', () => {
    expect(pairs.filter((p) => p.previous_id !== null).length).toBeGreaterThan(100);
  });

  it('explains every pair: the causes sum to the difference to the cent, and no demo line is left unattributed', async () => {
    const kinds = new Set<string>();
    for (const pair of pairs) {
      const changes = await changesOf(pair.id);
      const expected = toMinor(pair.amount) - (pair.previous_amount === null ? 0n : toMinor(pair.previous_amount));
      expect(String(changes.previousInvoiceId ?? null), pair.id).toBe(String(pair.previous_id));
      expect(toMinor(changes.difference), pair.id).toBe(expected);
      expect(changes.causes.reduce((sum, cause) => sum + toMinor(cause.amount), 0n), pair.id).toBe(expected);
      expect(changes.causes.filter((cause) => cause.kind === 'other'), pair.id).toEqual([]);
      for (const cause of changes.causes) kinds.add(cause.kind);
    }
    // The demo's months differ in these ways; each rule met real data.
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['credits', 'firstInvoice', 'oneTime', 'roaming', 'taxes', 'usageBeyondAllowance']));
  }, 300_000);

  it("words the causes in the caller's language", async () => {
    const pair = pairs.find((p) => p.account_id === String(seeded.accountIds.customer) && p.previous_id !== null)!;
    const [english, french] = [await changesOf(pair.id, 'en'), await changesOf(pair.id, 'fr-CA,fr;q=0.9')];
    expect(french.causes.map((c) => c.amount)).toEqual(english.causes.map((c) => c.amount));
    expect(english.summary).toMatch(/^Your bill is (the same|\$[\d,.]+ (higher|lower))/);
    expect(french.summary).toMatch(/^Votre facture est/);
    expect(french.causes.map((c) => c.text)).not.toEqual(english.causes.map((c) => c.text));
  });

  it('links each cause to lines of this invoice or, for a charge gone, of the previous one', async () => {
    const pair = pairs.find((p) => p.account_id === String(seeded.accountIds.customer) && p.previous_id !== null)!;
    const changes = await changesOf(pair.id);
    const { rows } = await ctx.database.db.execute<{ id: string; invoice_id: string }>(
      sql`select id::text, invoice_id::text from charges where invoice_id in (${BigInt(pair.id)}, ${BigInt(pair.previous_id!)})`,
    );
    const invoiceOf = new Map(rows.map((r) => [r.id, r.invoice_id]));
    for (const cause of changes.causes) {
      for (const id of cause.chargeIds) expect(invoiceOf.get(String(id))).toBe(cause.kind === 'chargeGone' ? pair.previous_id : pair.id);
    }
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/Invoice/999999999/changes', headers: staff });
    expect(res.statusCode).toBe(404);
  });
});

/** What the account owed right after the invoice was posted, summed here from the ledger's tables. */
const owedAfterPosting = async (invoiceId: string): Promise<string> => {
  const { rows } = await ctx.database.db.execute<{ owed: string }>(sql`
    with i as (select account_id, currency, posted_date from invoices where id = ${BigInt(invoiceId)})
    select (
      (select coalesce(sum(v.amount), 0) from invoices v, i where v.account_id = i.account_id and v.currency = i.currency and v.state = 'Posted'
        and (v.posted_date, v.id) <= (i.posted_date, ${BigInt(invoiceId)}::int8))
      - (select coalesce(sum(p.amount), 0) from payments p, i where p.account_id = i.account_id and p.currency = i.currency and p.status = 'Successful' and p.date < i.posted_date)
      - (select coalesce(sum(n.amount), 0) from credit_notes n, i where n.account_id = i.account_id and n.currency = i.currency and n.credit_id is null and n.created_at < i.posted_date)
      - (select coalesce(sum(c.amount), 0) from credits c, i where c.account_id = i.account_id and c.currency = i.currency and c.created_at < i.posted_date)
    )::text as owed`);
  return rows[0]!.owed;
};

const money = (amount: number | string, language: 'en' | 'fr') => formatMoney(toMinor(amount) === 0n ? '0.00' : String(amount), 'CAD', language);

describe('the invoice PDF explains itself and reads as a carrier bill', () => {
  it.each([
    ['en', 'customer', ['What changed on this bill', 'Account summary', 'Previous balance', 'Payments received', 'Credits and adjustments', 'Balance forward', "This period's charges", 'Taxes', 'Total due']],
    ['fr', 'francais', ['Ce qui a changé sur cette facture', 'Sommaire du compte', 'Solde précédent', 'Paiements reçus', 'Crédits et ajustements', 'Solde reporté', 'Frais de la période', 'Taxes', 'Total à payer']],
  ] as const)('in %s: the explanation first, then the summary, every figure equal to the ledger', async (language, account, labels) => {
    const accountId = String(seeded.accountIds[account]);
    const pair = pairs.filter((p) => p.account_id === accountId && p.previous_id !== null).at(-1)!;
    const headers = bearer(await tokenFor(ctx.database.db, await createUser(ctx.database.db, { accountIds: [BigInt(accountId)] })));
    // The PDF is in the account's language; the explanation on screen in the caller's, here the same.
    const changes = await changesOf(pair.id, language);
    const forwardRes = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${pair.id}`, headers });
    const forward = parseJson(forwardRes.body) as Record<string, number>;
    expect(toMinor(forward.amountDue!)).toBe(toMinor(await owedAfterPosting(pair.id)));
    expect(toMinor(forward.previousBalance!) - toMinor(forward.paymentsReceived!) - toMinor(forward.creditsAndAdjustments!)).toBe(toMinor(forward.balanceForward!));
    expect(toMinor(forward.charges!) + toMinor(forward.taxes!)).toBe(toMinor(pair.amount));

    const urls = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${pair.id}`, headers });
    const pdfUrl = (urls.json() as { urls: { name: string; url: string }[] }).urls.find((u) => u.name === 'PDF')!.url;
    const pdf = await ctx.app.inject({ url: pdfUrl });
    expect(pdf.statusCode).toBe(200);
    const lines = pdfText(pdf.rawPayload).split('\n');
    const text = lines.join(' ').replace(/\s+/g, ' ');
    // The explanation is the first section, before the account summary and the charges.
    expect(text.indexOf(labels[0])).toBeGreaterThan(-1);
    expect(text.indexOf(labels[0])).toBeLessThan(text.indexOf(labels[1]));
    const words = (value: string) => value.replace(/\s+/g, ' ');
    expect(text).toContain(words(changes.summary));
    for (const cause of changes.causes) expect(text).toContain(words(cause.text));
    const figures = [forward.previousBalance, -forward.paymentsReceived!, -forward.creditsAndAdjustments!, forward.balanceForward, forward.charges, forward.taxes, forward.amountDue];
    labels.slice(2).forEach((label, i) => {
      const at = lines.indexOf(label, lines.indexOf(labels[1]));
      expect(at, label).toBeGreaterThan(-1);
      const figure = figures[i]!;
      const printed = figure < 0 || Object.is(figure, -0) ? `-${money(-figure, language)}` : money(figure, language);
      expect(lines[at + 1], label).toBe(printed);
    });
  });
});
