import { sql, type SQL } from 'drizzle-orm';
import { checkAddress, checkContact, type AddressFields, type ContactFields } from '@portal/contract/billing-details';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import { createTestDatabase } from '../../../test/database';
import { verifyPassword } from '../../lib/password';
import type { Database } from '../client';
import { accounts } from '../schema';
import {
  DEMO_CARD_REFS,
  DEMO_CUSTOMER_OWING,
  DEMO_PASSWORD,
  DEMO_SSO,
  DEMO_USERNAMES,
  seedDemoData,
  seedIfEmpty,
  type DemoSeedResult,
} from './demo';
import { SEED_TABLES } from './tables';

const NOW = new Date('2025-06-15T12:00:00Z');
// Another month, another month length, another day: amounts must not change.
const LATER = new Date('2025-11-03T08:30:00Z');

let first: Database;
let second: Database;
let later: Database;
let seeded: DemoSeedResult;

const rows = async <T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> =>
  (await database.db.execute(query)).rows as T[];
const one = async <T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T> =>
  (await rows<T>(database, query))[0]!;

beforeAll(async () => {
  [first, second, later] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
  expect(await seedIfEmpty(first, { now: NOW })).toBe(true);
  seeded = await seedDemoData(second, { now: NOW });
  await seedDemoData(later, { now: LATER });
});

afterAll(async () => {
  await Promise.all([first, second, later].map((d) => d?.close()));
});

const ORDER: Record<string, string> = {
  user_accounts: 'user_id, account_id',
  autopay_schedules: 'account_id',
  sandbox_vault: 'ref',
};

describe('determinism', () => {
  it.each(SEED_TABLES.map((t) => t.name))('%s has identical rows for the same now', async (table) => {
    // Only the password hash differs between runs: argon2 salts every hash.
    // CDRs (tens of thousands) are compared as one digest per invoice: quick, and still points at
    // the invoice that differs.
    const query =
      table === 'cdrs'
        ? `SELECT invoice_id, count(*) AS n, md5(string_agg(to_jsonb(t)::text, '|' ORDER BY id)) AS row FROM cdrs t GROUP BY invoice_id ORDER BY invoice_id`
        : `SELECT (to_jsonb(t) - 'password_hash')::text AS row FROM ${table} t ORDER BY ${ORDER[table] ?? 'id'}`;
    const dump = (database: Database) => rows<{ row: string }>(database, sql.raw(query));
    const [a, b] = await Promise.all([dump(first), dump(second)]);
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('gives the same amounts whatever day it is seeded', async () => {
    const amounts = (database: Database) =>
      rows(
        database,
        sql`SELECT a.customer_no, i.amount FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE i.state = 'Posted' ORDER BY i.id DESC LIMIT 400`,
      );
    expect(await amounts(later)).toEqual(await amounts(first));
  });
});

describe('the demo set', () => {
  const customerId = () => seeded.accountIds.customer;

  it('numbers accounts and users from the first free ids', () => {
    expect(seeded.accountIds.customer).toBe(1n);
    expect(seeded.accountIds.family).toBe(2n);
    expect(seeded.accountIds.familySubAccounts).toEqual([3n, 4n]);
    expect(seeded.accountIds.francais).toBe(5n);
    expect(seeded.accountIds.others).toHaveLength(20);
    expect(seeded.userIds).toEqual({ customer: 1n, family: 2n, francais: 3n, staff: 4n, admin: 5n, pending: 6n });
  });

  it('leaves the sequences past the seeded ids', async () => {
    const [created] = await second.db
      .insert(accounts)
      .values({
        customerNo: 'T-after-seed',
        name: 'After',
        type: 'Residential',
        currency: 'CAD',
        language: 'English',
        paymentMethod: 'Credit Card (Manual)',
      })
      .returning({ id: accounts.id });
    expect(created!.id).toBe(26n);
  });

  it('gives the customer 30 posted invoices and exactly one draft, monthly, due 21 days after the period', async () => {
    const invoices = await rows<{ state: string; start_date: string; end_date: string; due_date: string; posted: string | null }>(
      first,
      sql`SELECT state, start_date, end_date, due_date, to_char(posted_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS posted FROM invoices WHERE account_id = ${customerId()} ORDER BY start_date`,
    );
    expect(invoices.filter((i) => i.state === 'Posted')).toHaveLength(30);
    expect(invoices.filter((i) => i.state === 'Draft')).toEqual([
      { state: 'Draft', start_date: '2025-06-01', end_date: '2025-06-30', due_date: '2025-07-21', posted: null },
    ]);
    expect(invoices[0]).toMatchObject({
      start_date: '2022-12-01',
      end_date: '2022-12-31',
      due_date: '2023-01-21',
      posted: '2023-01-01',
    });
    expect(invoices[29]).toMatchObject({
      start_date: '2025-05-01',
      end_date: '2025-05-31',
      due_date: '2025-06-21',
      posted: '2025-06-01',
    });
  });

  it('gives every posted invoice one receivable of its amount and due date, and drafts none', async () => {
    const bad = await one<{ missing: bigint; drafts: bigint }>(
      first,
      sql`SELECT
        (SELECT count(*) FROM invoices i WHERE i.state = 'Posted' AND (SELECT count(*) FROM receivables r WHERE r.invoice_id = i.id
           AND r.amount = i.amount AND r.due_date = i.due_date AND r.account_id = i.account_id AND r.currency = i.currency) <> 1) AS missing,
        (SELECT count(*) FROM receivables r JOIN invoices i ON i.id = r.invoice_id WHERE i.state <> 'Posted') AS drafts`,
    );
    expect(bad).toEqual({ missing: 0n, drafts: 0n });
  });

  it('makes every invoice exactly the sum of its charges, in its currency and account', async () => {
    const bad = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM invoices i WHERE i.amount <> (SELECT coalesce(sum(c.amount), 0) FROM charges c WHERE c.invoice_id = i.id)
        OR EXISTS (SELECT 1 FROM charges c WHERE c.invoice_id = i.id AND (c.account_id <> i.account_id OR c.currency <> i.currency))
        OR NOT EXISTS (SELECT 1 FROM charges c WHERE c.invoice_id = i.id AND c.category = 'Plan')`,
    );
    expect(bad.n).toBe(0n);
  });

  it('taxes Ontario with HST 13 %, Quebec with GST 5 % + QST 9.975 %, British Columbia with GST + PST, and the US account not at all', async () => {
    const taxes = async (accountId: bigint) =>
      rows<{ codes: string; n: bigint }>(
        first,
        sql`SELECT codes, count(*) AS n FROM (SELECT i.id, coalesce(string_agg(c.tax_code, '+' ORDER BY c.tax_code) FILTER (WHERE c.category = 'Tax'), '') AS codes
            FROM invoices i JOIN charges c ON c.invoice_id = i.id WHERE i.account_id = ${accountId} GROUP BY i.id) x GROUP BY codes`,
      );
    expect(await taxes(customerId())).toEqual([{ codes: 'HST', n: 31n }]);
    expect(await taxes(seeded.accountIds.francais)).toEqual([{ codes: 'GST+QST', n: 24n }]);
    expect(await taxes(seeded.accountIds.familySubAccounts[0])).toEqual([{ codes: 'GST+PST', n: 24n }]);
    expect(await taxes(seeded.accountIds.familySubAccounts[1])).toEqual([{ codes: '', n: 24n }]);
  });

  it('computes each tax on the pre-tax subtotal, rounded to the cent', async () => {
    const bad = await one<{ n: bigint; checked: bigint }>(
      first,
      sql`WITH sub AS (SELECT invoice_id, sum(amount) FILTER (WHERE category <> 'Tax') AS subtotal FROM charges GROUP BY invoice_id)
        SELECT count(*) FILTER (WHERE c.amount <> round(s.subtotal * CASE c.tax_code WHEN 'HST' THEN 0.13 WHEN 'GST' THEN 0.05 WHEN 'QST' THEN 0.09975 ELSE 0.07 END, 2)) AS n,
               count(*) AS checked
        FROM charges c JOIN sub s ON s.invoice_id = c.invoice_id WHERE c.category = 'Tax'`,
    );
    expect(bad.n).toBe(0n);
    expect(bad.checked).toBeGreaterThan(500n);
  });

  it('leaves the customer owing on the latest two invoices and part of the third, everything older paid', async () => {
    const owing = await rows<{ invoice_number: string; amount: string; owing: string }>(
      first,
      sql`SELECT i.invoice_number, i.amount, i.amount - coalesce((SELECT sum(pa.amount) FROM payment_assignments pa JOIN payments p ON p.id = pa.payment_id
             WHERE pa.receivable_id = r.id AND p.status = 'Successful'), 0) AS owing
          FROM invoices i JOIN receivables r ON r.invoice_id = i.id WHERE i.account_id = ${customerId()} ORDER BY i.end_date DESC`,
    );
    const open = owing.filter((i) => Number(i.owing) !== 0);
    expect(open.map((i) => i.invoice_number)).toEqual(owing.slice(0, 3).map((i) => i.invoice_number));
    expect(open[0]!.owing).toBe(open[0]!.amount);
    expect(open[1]!.owing).toBe(open[1]!.amount);
    expect((Number(open[2]!.amount) * 100 - Number(open[2]!.owing) * 100).toFixed(0)).toBe('4000');
    const balance = await one<{ owing: string }>(
      first,
      sql`SELECT (SELECT sum(amount) FROM invoices WHERE account_id = ${customerId()} AND state = 'Posted')
           - (SELECT coalesce(sum(pa.amount), 0) FROM payment_assignments pa JOIN payments p ON p.id = pa.payment_id
              WHERE p.account_id = ${customerId()} AND p.status = 'Successful') AS owing`,
    );
    expect(Number(balance.owing)).toBeGreaterThan(0);
    expect(balance.owing).toBe(DEMO_CUSTOMER_OWING);
  });

  it('records the customer’s payments: successful ones by card, and a failed attempt with the expired card', async () => {
    const payments = await rows<{ status: string; card_last4: string; failure_message: string | null; failure_reason: string | null; date: Date }>(
      first,
      sql`SELECT status, card_last4, failure_message, failure_reason, date FROM payments WHERE account_id = ${customerId()} ORDER BY date DESC`,
    );
    expect(payments.filter((p) => p.status === 'Successful').length).toBeGreaterThanOrEqual(20);
    expect(payments.filter((p) => p.failure_message === 'Your card has expired.')).toMatchObject([
      { status: 'Error', card_last4: '4444', failure_reason: 'expired_card' },
    ]);
    expect(payments.filter((p) => p.status === 'Error').every((p) => p.failure_reason !== null)).toBe(true);
    expect(payments.every((p) => new Date(p.date) < NOW)).toBe(true);
  });

  it('never assigns more to a receivable than it is worth, nor more than a payment brought', async () => {
    const bad = await one<{ over: bigint; unbalanced: bigint; failed: bigint }>(
      first,
      sql`SELECT
        (SELECT count(*) FROM receivables r WHERE r.amount < (SELECT coalesce(sum(amount), 0) FROM payment_assignments pa WHERE pa.receivable_id = r.id)) AS over,
        (SELECT count(*) FROM payments p WHERE p.status = 'Successful' AND p.amount <> (SELECT sum(amount) FROM payment_assignments pa WHERE pa.payment_id = p.id)) AS unbalanced,
        (SELECT count(*) FROM payments p WHERE p.status = 'Error' AND EXISTS (SELECT 1 FROM payment_assignments pa WHERE pa.payment_id = p.id)) AS failed`,
    );
    expect(bad).toEqual({ over: 0n, unbalanced: 0n, failed: 0n });
  });

  it('gives the customer a default Visa 4242 and an expired Mastercard 4444, both in the sandbox vault', async () => {
    const cards = await rows(
      first,
      sql`SELECT m.provider, m.provider_ref, m.brand, m.last4, m.is_default, (make_date(m.exp_year, m.exp_month, 1) + interval '1 month') <= ${NOW} AS expired,
            v.brand = m.brand AND v.last4 = m.last4 AND v.exp_month = m.exp_month AND v.exp_year = m.exp_year AS vaulted
          FROM payment_methods m LEFT JOIN sandbox_vault v ON v.ref = m.provider_ref WHERE m.account_id = ${customerId()} ORDER BY m.id`,
    );
    expect(cards).toEqual([
      {
        provider: 'sandbox',
        provider_ref: DEMO_CARD_REFS.customerVisa,
        brand: 'Visa',
        last4: '4242',
        is_default: true,
        expired: false,
        vaulted: true,
      },
      {
        provider: 'sandbox',
        provider_ref: DEMO_CARD_REFS.customerMastercard,
        brand: 'Mastercard',
        last4: '4444',
        is_default: false,
        expired: true,
        vaulted: true,
      },
    ]);
  });

  it('sets up the customer’s account details: autopay off, invoice name and e-mail, current billing address and contact', async () => {
    const account = await one(
      first,
      sql`SELECT customer_no, name, invoice_name, invoice_email_address, invoice_prefix, currency, language, payment_method FROM accounts WHERE id = ${customerId()}`,
    );
    expect(account).toEqual({
      customer_no: '100001',
      name: 'Alex Martin',
      invoice_name: 'Alex Martin',
      invoice_email_address: 'alex.martin@example.com',
      invoice_prefix: 'AM',
      currency: 'CAD',
      language: 'English',
      payment_method: 'Credit Card (Manual)',
    });
    const addresses = await rows(
      first,
      sql`SELECT aa.type, a.street_number, a.street_name, a.city, a.province, a.postal, a.country, aa.end_date IS NULL AS current
          FROM account_addresses aa JOIN addresses a ON a.id = aa.address_id WHERE aa.account_id = ${customerId()} AND aa.start_date <= ${NOW} ORDER BY aa.id`,
    );
    expect(addresses).toEqual([
      {
        type: 'Billing',
        street_number: '1120',
        street_name: 'Bay Street, Apt 1504',
        city: 'Toronto',
        province: 'ON',
        postal: 'M5S 2B4',
        country: 'CA',
        current: false,
      },
      {
        type: 'Billing',
        street_number: '48',
        street_name: 'Maple Grove Avenue',
        city: 'Toronto',
        province: 'ON',
        postal: 'M4J 2K7',
        country: 'CA',
        current: true,
      },
      {
        type: 'Service',
        street_number: '48',
        street_name: 'Maple Grove Avenue',
        city: 'Toronto',
        province: 'ON',
        postal: 'M4J 2K7',
        country: 'CA',
        current: true,
      },
    ]);
    const contact = await rows(
      first,
      sql`SELECT ac.type, c.first_name, c.last_name, c.primary_email, c.primary_phone FROM account_contacts ac JOIN contacts c ON c.id = ac.contact_id
          WHERE ac.account_id = ${customerId()} AND ac.start_date <= ${NOW} AND ac.end_date IS NULL`,
    );
    expect(contact).toEqual([
      {
        type: 'Billing',
        first_name: 'Alex',
        last_name: 'Martin',
        primary_email: 'alex.martin@example.com',
        primary_phone: '+14165550134',
      },
    ]);
  });

  it('gives every account a current billing address and billing contact', async () => {
    const bad = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM accounts a WHERE
        (SELECT count(*) FROM account_addresses aa WHERE aa.account_id = a.id AND aa.type = 'Billing' AND aa.start_date <= ${NOW} AND aa.end_date IS NULL) <> 1
        OR (SELECT count(*) FROM account_contacts ac WHERE ac.account_id = a.id AND ac.type = 'Billing' AND ac.start_date <= ${NOW} AND ac.end_date IS NULL) <> 1`,
    );
    expect(bad.n).toBe(0n);
  });

  it('puts plausible CDRs on every invoice', async () => {
    const perInvoice = await one<{ fewest: number; most: number; invoices: bigint; without: bigint }>(
      first,
      sql`SELECT min(n)::int AS fewest, max(n)::int AS most, count(*) AS invoices, count(*) FILTER (WHERE n = 0) AS without FROM (
            SELECT i.id, (SELECT count(*) FROM cdrs c WHERE c.invoice_id = i.id AND c.account_id = i.account_id) AS n FROM invoices i WHERE i.state = 'Posted') x`,
    );
    expect(perInvoice.without).toBe(0n);
    expect(perInvoice.fewest).toBeGreaterThanOrEqual(40);
    expect(perInvoice.most).toBeLessThanOrEqual(140);
    const bad = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM cdrs c JOIN invoices i ON i.id = c.invoice_id WHERE
            c.from_number !~ '^\\+1[2-9][0-9]{2}5550[0-9]{3}$'
         OR (c.kind = 'data') <> (c.to_number IS NULL)
         OR (c.kind = 'voice' AND (c.duration_seconds < 10 OR c.duration_seconds > 2400))
         OR (c.kind = 'data' AND c.data_kb <= 0)
         OR c.amount < 0
         OR c.started_at >= ${NOW}`,
    );
    expect(bad.n).toBe(0n);
    // Every record falls on a day of its invoice's period in the account's time zone (decision 0025).
    const spans = await first.db.execute<{
      start_date: string;
      end_date: string;
      first_at: Date | string;
      last_at: Date | string;
      time_zone: string | null;
      country: string | null;
      province: string | null;
    }>(
      sql`SELECT i.start_date::text, i.end_date::text, min(c.started_at) AS first_at, max(c.started_at) AS last_at, a.time_zone, ad.country, ad.province
          FROM cdrs c JOIN invoices i ON i.id = c.invoice_id JOIN accounts a ON a.id = i.account_id
          LEFT JOIN account_addresses aa ON aa.account_id = a.id AND aa.type = 'Billing' AND aa.end_date IS NULL
          LEFT JOIN addresses ad ON ad.id = aa.address_id
          GROUP BY i.id, a.time_zone, ad.country, ad.province`,
    );
    const outside: string[] = [];
    for (const span of spans.rows) {
      const zone = accountTimeZone(span.time_zone, span);
      const days = [dayIn(zone, new Date(span.first_at)), dayIn(zone, new Date(span.last_at))];
      if (days[0]! < span.start_date || days[1]! > span.end_date) outside.push(`${span.start_date}…${span.end_date} in ${zone}: ${days.join('…')}`);
    }
    expect(spans.rows.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
    const draft = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM cdrs c JOIN invoices i ON i.id = c.invoice_id WHERE i.state = 'Draft'`,
    );
    expect(draft.n).toBeGreaterThan(0n);
  });

  it('rates usage charges from the CDRs behind them', async () => {
    // Each usage line is its CDRs' sum rounded to the cent: at most half a cent per line apart.
    const bad = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM (
            SELECT (SELECT coalesce(sum(amount), 0) FROM charges c WHERE c.invoice_id = i.id AND c.category = 'Usage') AS billed,
                   (SELECT count(*) FROM charges c WHERE c.invoice_id = i.id AND c.category = 'Usage') AS lines,
                   (SELECT coalesce(sum(amount), 0) FROM cdrs d WHERE d.invoice_id = i.id) AS rated
            FROM invoices i) x
          WHERE abs(billed - rated) > 0.005 * lines OR (lines = 0) <> (rated = 0)`,
    );
    expect(bad.n).toBe(0n);
  });

  it('names the usage class of every usage line: the records of that class on its invoice are billed on it', async () => {
    const bad = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM charges c
          WHERE c.category = 'Usage' AND (c.usage_class IS NULL OR abs(c.amount - (SELECT coalesce(sum(d.amount), 0) FROM cdrs d
            WHERE d.invoice_id = c.invoice_id AND d.usage_class = c.usage_class)) > 0.005)`,
    );
    expect(bad.n).toBe(0n);
    const others = await one<{ n: bigint }>(first, sql`SELECT count(*) AS n FROM charges WHERE category <> 'Usage' AND usage_class IS NOT NULL`);
    expect(others.n).toBe(0n);
  });

  it('sets up the family: a CAD parent on autopay with two sub-accounts, one in USD; the user reaches the parent', async () => {
    const family = seeded.accountIds.family;
    const subs = await rows(first, sql`SELECT id, name, currency FROM accounts WHERE parent_id = ${family} ORDER BY id`);
    expect(subs).toEqual([
      { id: 3n, name: 'Maya Lee', currency: 'CAD' },
      { id: 4n, name: 'Noah Lee', currency: 'USD' },
    ]);
    expect(await one(first, sql`SELECT currency, payment_method FROM accounts WHERE id = ${family}`)).toEqual({
      currency: 'CAD',
      payment_method: 'Credit Card',
    });
    const schedule = await rows(
      first,
      sql`SELECT s.frequency, s.amount_type, s.fixed_amount, m.is_default, m.provider_ref FROM autopay_schedules s JOIN payment_methods m ON m.id = s.payment_method_id AND m.account_id = s.account_id
          WHERE s.account_id = ${family}`,
    );
    expect(schedule).toEqual([
      {
        frequency: 'dueDate',
        amount_type: 'full',
        fixed_amount: null,
        is_default: true,
        provider_ref: DEMO_CARD_REFS.familyVisa,
      },
    ]);
    const scopes = await rows(
      first,
      sql`SELECT ua.account_id FROM user_accounts ua JOIN users u ON u.id = ua.user_id WHERE u.username = ${DEMO_USERNAMES.family}`,
    );
    expect(scopes).toEqual([{ account_id: family }]);
    // Autopay has charged every invoice whose due date has passed, on that date.
    const overdue = await one<{ n: bigint }>(
      first,
      sql`SELECT count(*) AS n FROM invoices i JOIN receivables r ON r.invoice_id = i.id WHERE i.account_id = ${family} AND i.due_date < ${'2025-06-15'}
          AND r.amount > (SELECT coalesce(sum(pa.amount), 0) FROM payment_assignments pa JOIN payments p ON p.id = pa.payment_id WHERE pa.receivable_id = r.id AND p.status = 'Successful' AND p.type = 'Credit Card')`,
    );
    expect(overdue.n).toBe(0n);
  });

  it('sets up francais in French, in Quebec, with no saved card', async () => {
    const id = seeded.accountIds.francais;
    expect(await one(first, sql`SELECT name, language FROM accounts WHERE id = ${id}`)).toEqual({
      name: 'Camille Tremblay',
      language: 'French',
    });
    expect(
      await rows(
        first,
        sql`SELECT a.city, a.province FROM account_addresses aa JOIN addresses a ON a.id = aa.address_id WHERE aa.account_id = ${id} AND aa.type = 'Billing'`,
      ),
    ).toEqual([{ city: 'Montréal', province: 'QC' }]);
    expect(await one(first, sql`SELECT count(*) AS n FROM payment_methods WHERE account_id = ${id}`)).toEqual({ n: 0n });
    const lines = await rows(
      first,
      sql`SELECT DISTINCT description FROM charges WHERE account_id = ${id} AND category = 'Tax' ORDER BY 1`,
    );
    expect(lines).toEqual([{ description: 'TPS 5 %' }, { description: 'TVQ 9,975 %' }]);
  });

  it('creates the users with their roles, scopes and status', async () => {
    const users = await rows(
      first,
      sql`SELECT u.username, u.status, u.roles, u.password_hash IS NULL AS no_password, array(SELECT account_id::text FROM user_accounts ua WHERE ua.user_id = u.id ORDER BY 1) AS accounts
          FROM users u ORDER BY u.id`,
    );
    expect(users).toEqual([
      { username: 'customer', status: 'active', roles: [], no_password: false, accounts: ['1'] },
      { username: 'family', status: 'active', roles: [], no_password: false, accounts: ['2'] },
      { username: 'francais', status: 'active', roles: [], no_password: false, accounts: ['5'] },
      { username: 'staff', status: 'active', roles: ['Staff'], no_password: false, accounts: [] },
      { username: 'admin', status: 'active', roles: ['Admin'], no_password: false, accounts: [] },
      { username: 'pending@example.com', status: 'pending', roles: [], no_password: true, accounts: [] },
    ]);
    expect(
      await rows(first, sql`SELECT s.issuer, s.subject, s.email FROM sso_identities s JOIN users u ON u.id = s.user_id`),
    ).toEqual([{ issuer: DEMO_SSO.issuer, subject: DEMO_SSO.subject, email: 'pending@example.com' }]);
  });

  it('lets every active user sign in with the demo password', async () => {
    const users = await rows<{ username: string; password_hash: string }>(
      first,
      sql`SELECT username, password_hash FROM users WHERE status = 'active' ORDER BY id`,
    );
    expect(users).toHaveLength(5);
    for (const user of users) {
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    expect(await verifyPassword(users[0]!.password_hash, 'Demo-Pass-2024!')).toBe(false);
  });

  it('has other accounts for Staff and Admin, some in USD, including a business with sub-accounts', async () => {
    const others = await rows<{ currency: string; type: string; parent_id: bigint | null; users: bigint }>(
      first,
      sql`SELECT currency, type, parent_id, (SELECT count(*) FROM user_accounts ua WHERE ua.account_id = a.id) AS users FROM accounts a WHERE id > 5 ORDER BY id`,
    );
    expect(others).toHaveLength(20);
    expect(others.every((a) => a.users === 0n)).toBe(true);
    expect(others.some((a) => a.currency === 'USD')).toBe(true);
    expect(others.filter((a) => a.parent_id === 6n)).toHaveLength(2);
    expect(others.some((a) => a.type === 'Business')).toBe(true);
  });

  it('seeds only an empty database, and never twice', async () => {
    expect(await seedIfEmpty(first, { now: NOW })).toBe(false);
    await expect(seedDemoData(second, { now: NOW })).rejects.toThrow(/demo users already exist/);
    expect(await one(second, sql`SELECT count(*) AS n FROM accounts`)).toEqual({ n: 26n });
  });
});

describe('billing details', () => {
  it('every seeded address and contact passes the contract rules unchanged (already normalised)', async () => {
    const stored = await rows<Record<string, string | null> & { id: string }>(
      first,
      sql`SELECT id, street_number AS "streetNumber", street_name AS "streetName", city, province, postal, country FROM addresses ORDER BY id`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const { id: _id, ...address } of stored) {
      const checked = checkAddress(address as unknown as AddressFields);
      expect(checked.problems, JSON.stringify(address)).toEqual({});
      expect(checked.values).toEqual(address);
    }
    const people = await rows<Record<string, string | null> & { id: string }>(
      first,
      sql`SELECT id, first_name AS "firstName", last_name AS "lastName", primary_email AS "primaryEmail", primary_phone AS "primaryPhone" FROM contacts ORDER BY id`,
    );
    for (const { id: _id, ...contact } of people) {
      const checked = checkContact(contact as unknown as ContactFields, null);
      expect(checked.problems, JSON.stringify(contact)).toEqual({});
      expect(checked.values).toEqual(contact);
    }
  });
});
