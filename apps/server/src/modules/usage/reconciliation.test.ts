/**
 * Reconciliation: for every demo invoice, the explorer's totals over the invoice's
 * whole billing period are the invoice's usage charges to the cent, and its records are exactly the
 * invoice's. The estimate's rules, applied to a billed period, give that invoice's plan, usage and
 * taxes back (for invoices with no one-time charge or credit, its whole amount).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseJson, type UsageRecords } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { seedDemoData } from '../../db/seed/demo';
import { taxRulesOf } from '../../lib/rating';
import { findBillTo } from '../invoices';
import { findPlanLine, usageCondition, usageGroups } from './repository';
import { summarizeUsage } from './summary';

const NOW = new Date('2025-06-15T12:00:00Z');

let ctx: TestContext;
let staff: Record<string, string>;

interface InvoiceRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  start_date: string;
  end_date: string;
  posted_date: Date | string;
  amount: string;
  currency: string;
  language: 'English' | 'French';
  plan_description: string;
  plan_quantity: string;
  plan_amount: string;
  usage: string;
  taxes: string;
  extras: string;
  cdrs: string;
}

let invoices: InvoiceRow[];

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  await seedDemoData(ctx.database, { now: NOW });
  const db = ctx.database.db;
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [], now: NOW }));
  invoices = (
    await db.execute<InvoiceRow>(sql`
      select i.id::text, i.account_id::text, i.start_date::text, i.end_date::text, i.posted_date, i.amount::text, a.currency, a.language,
        (select description from charges p where p.invoice_id = i.id and p.category = 'Plan') as plan_description,
        (select quantity::text from charges p where p.invoice_id = i.id and p.category = 'Plan') as plan_quantity,
        (select amount::text from charges p where p.invoice_id = i.id and p.category = 'Plan') as plan_amount,
        (select coalesce(sum(amount), 0)::numeric(14,2)::text from charges c where c.invoice_id = i.id and c.category = 'Usage') as usage,
        (select coalesce(sum(amount), 0)::text from charges c where c.invoice_id = i.id and c.category = 'Tax') as taxes,
        (select count(*)::text from charges c where c.invoice_id = i.id and c.category in ('OneTime', 'Adjustment')) as extras,
        (select count(*)::text from cdrs d where d.invoice_id = i.id) as cdrs
      from invoices i join accounts a on a.id = i.account_id
      where i.state = 'Posted' order by i.id`)
  ).rows;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('explorer totals over a billing period', () => {
  it('equal the usage charges of every demo invoice, to the cent, over exactly its records', async () => {
    expect(invoices.length).toBeGreaterThan(100);
    const withUsage = invoices.filter((i) => Number(i.usage) > 0).length;
    expect(withUsage).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const invoice of invoices) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/b/v1/Usage/records/${invoice.account_id}?from=${invoice.start_date}&to=${invoice.end_date}&take=1&count=true`,
        headers: staff,
      });
      expect(response.statusCode).toBe(200);
      const page = parseJson(response.body) as UsageRecords;
      const found = `${page.totals.amount.toFixed(2)} over ${page.count} records`;
      const billed = `${invoice.usage} over ${invoice.cdrs} records`;
      if (found !== billed) mismatches.push(`invoice ${invoice.id}: explorer ${found}, invoice ${billed}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the estimate rules over a billed period', () => {
  it("give back each invoice's plan, usage and taxes (and its amount when it has no extras)", async () => {
    const db = ctx.database.db;
    let whole = 0;
    for (const invoice of invoices) {
      const accountId = BigInt(invoice.account_id);
      const billTo = await findBillTo(db, accountId, new Date(invoice.posted_date), NOW);
      const groups = await usageGroups(db, usageCondition(accountId, { from: invoice.start_date, to: invoice.end_date }, billTo!.timeZone), billTo!.timeZone);
      const summary = summarizeUsage({
        period: { start: invoice.start_date, end: invoice.end_date },
        asOf: NOW,
        currency: invoice.currency.trim() as 'CAD',
        language: invoice.language,
        planLine: { description: invoice.plan_description, quantity: invoice.plan_quantity, amount: invoice.plan_amount },
        taxRules: taxRulesOf(billTo!.country!, billTo!.province),
        groups,
      });
      expect(summary.estimate.plan.toFixed(2), `invoice ${invoice.id} plan`).toBe(invoice.plan_amount);
      expect(summary.estimate.usage.toFixed(2), `invoice ${invoice.id} usage`).toBe(invoice.usage);
      if (invoice.extras === '0') {
        expect(summary.estimate.taxes.reduce((sum, t) => sum + Math.round(t.amount * 100), 0), `invoice ${invoice.id} taxes`).toBe(
          Math.round(Number(invoice.taxes) * 100),
        );
        expect(summary.estimate.total.toFixed(2), `invoice ${invoice.id} total`).toBe(invoice.amount);
        whole++;
      }
    }
    expect(whole).toBeGreaterThan(invoices.length / 2);
  });
});

describe('the plan line', () => {
  it('is read from the latest invoice', async () => {
    const latest = invoices.at(-1)!;
    expect(await findPlanLine(ctx.database.db, BigInt(latest.account_id))).toMatchObject({ description: latest.plan_description });
  });
});
