import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../client';
import { accounts, cdrs } from '../schema';
import { seedDemoData } from './demo';
import { SCALE_CDRS_PER_INVOICE, SCALE_POSTED_MONTHS, seedScale, type ScaleResult } from './scale';
import { SEED_TABLES } from './tables';

const NOW = new Date('2025-06-15T12:00:00Z');
const DEMO_ACCOUNTS = 25;

const rows = async <T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> =>
  (await database.db.execute(query)).rows as T[];
const one = async <T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T> =>
  (await rows<T>(database, query))[0]!;
const counts = async (database: Database): Promise<Record<string, number>> => {
  const result: Record<string, number> = {};
  for (const { name } of SEED_TABLES)
    result[name] = Number((await one<{ n: bigint }>(database, sql.raw(`SELECT count(*) AS n FROM ${name}`))).n);
  return result;
};
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((t) => [t, after[t]! - before[t]!]));

/** What N scale accounts must add, table by table (ranges where the generator draws). */
const expectScaleCounts = (added: Record<string, number>, n: number) => {
  const invoices = n * SCALE_POSTED_MONTHS;
  expect(added).toMatchObject({
    users: 0,
    sso_identities: 0,
    user_accounts: 0,
    autopay_schedules: 0,
    accounts: n,
    addresses: n,
    account_addresses: n,
    contacts: n,
    account_contacts: n,
  });
  expect(added.invoices).toBe(invoices);
  expect(added.receivables).toBe(invoices);
  expect(added.cdrs).toBeGreaterThanOrEqual(invoices * SCALE_CDRS_PER_INVOICE[0]);
  expect(added.cdrs).toBeLessThanOrEqual(invoices * SCALE_CDRS_PER_INVOICE[1]);
  // A plan line and at least one tax or usage line on most invoices; at most 13 lines each.
  expect(added.charges).toBeGreaterThanOrEqual(invoices);
  expect(added.charges).toBeLessThanOrEqual(invoices * 13);
  expect(added.payment_methods).toBe(added.sandbox_vault);
  expect(added.payment_methods).toBeLessThanOrEqual(n);
  expect(added.payments).toBeGreaterThan(0);
  expect(added.payment_assignments).toBeGreaterThan(0);
};

/** Invariants every load must keep, whatever the driver. */
const integrityProblems = (database: Database) =>
  one<Record<string, bigint>>(
    database,
    sql`SELECT
      (SELECT count(*) FROM invoices i WHERE i.amount <> (SELECT coalesce(sum(amount), 0) FROM charges c WHERE c.invoice_id = i.id)) AS unbalanced_invoices,
      (SELECT count(*) FROM invoices i WHERE i.state = 'Posted' AND NOT EXISTS (SELECT 1 FROM receivables r WHERE r.invoice_id = i.id AND r.amount = i.amount)) AS missing_receivables,
      (SELECT count(*) FROM cdrs c LEFT JOIN invoices i ON i.id = c.invoice_id WHERE i.id IS NULL OR i.account_id <> c.account_id) AS stray_cdrs,
      (SELECT count(*) FROM invoices i WHERE NOT EXISTS (SELECT 1 FROM cdrs c WHERE c.invoice_id = i.id)) AS invoices_without_cdrs,
      (SELECT count(*) FROM payment_assignments pa JOIN payments p ON p.id = pa.payment_id JOIN receivables r ON r.id = pa.receivable_id WHERE p.account_id <> r.account_id) AS crossed_assignments,
      (SELECT count(*) FROM payment_methods m LEFT JOIN sandbox_vault v ON v.ref = m.provider_ref WHERE v.ref IS NULL) AS unvaulted_cards`,
  );
const NO_PROBLEMS = {
  unbalanced_invoices: 0n,
  missing_receivables: 0n,
  stray_cdrs: 0n,
  invoices_without_cdrs: 0n,
  crossed_assignments: 0n,
  unvaulted_cards: 0n,
};

describe('scale set on PGlite', () => {
  const N = 3;
  let a: Database;
  let b: Database;
  let before: Record<string, number>;
  let result: ScaleResult;

  beforeAll(async () => {
    [a, b] = await Promise.all([openDatabase({}), openDatabase({})]);
    for (const database of [a, b]) {
      await migrateDatabase(database);
      await seedDemoData(database, { now: NOW });
    }
    before = await counts(a);
    result = await seedScale(a, { accounts: N, now: NOW });
    await seedScale(b, { accounts: N, now: NOW });
  });

  afterAll(async () => {
    await Promise.all([a, b].map((d) => d?.close()));
  });

  it('is deterministic: the same now gives the same rows', async () => {
    // Runs first: the tests after it add probe rows to `a`.
    const digest = (database: Database, table: string) =>
      one<{ md5: string }>(
        database,
        sql.raw(`SELECT md5(string_agg(to_jsonb(t)::text, '|' ORDER BY id)) AS md5 FROM ${table} t`),
      );
    for (const table of ['accounts', 'invoices', 'charges', 'payments', 'cdrs']) {
      expect(await digest(b, table)).toEqual(await digest(a, table));
    }
  });

  it('adds the rows the formula says, and reports what it added', async () => {
    const added = delta(await counts(a), before);
    expectScaleCounts(added, N);
    expect(result.rows).toEqual(added);
  });

  it('numbers the new accounts after the demo set and moves the sequences past them', async () => {
    expect(result.firstIds.accounts).toBe(DEMO_ACCOUNTS + 1);
    const added = await rows(a, sql`SELECT id, customer_no FROM accounts WHERE id > ${DEMO_ACCOUNTS} ORDER BY id`);
    expect(added).toEqual([
      { id: 26n, customer_no: '100026' },
      { id: 27n, customer_no: '100027' },
      { id: 28n, customer_no: '100028' },
    ]);
    const [next] = await a.db
      .insert(accounts)
      .values({
        customerNo: 'T-next',
        name: 'Next',
        type: 'Residential',
        currency: 'CAD',
        language: 'English',
        paymentMethod: 'Credit Card (Manual)',
      })
      .returning({ id: accounts.id });
    expect(next!.id).toBe(29n);
    const maxCdr = await one<{ id: bigint }>(a, sql`SELECT max(id) AS id FROM cdrs`);
    const [cdr] = await a.db
      .insert(cdrs)
      .values({
        invoiceId: 1n,
        accountId: 1n,
        kind: 'sms',
        startedAt: NOW,
        fromNumber: '+14165550134',
        description: 'probe',
        amount: '0',
      })
      .returning({ id: cdrs.id });
    expect(cdr!.id).toBe(maxCdr.id + 1n);
  });

  it('keeps every invariant of the data', async () => {
    expect(await integrityProblems(a)).toEqual(NO_PROBLEMS);
    const scaleInvoices = await one<{ states: string[] }>(
      a,
      sql`SELECT array_agg(DISTINCT state) AS states FROM invoices WHERE account_id > ${DEMO_ACCOUNTS}`,
    );
    expect(scaleInvoices.states).toEqual(['Posted']);
  });

  it('refuses a count that is not a positive integer', async () => {
    await expect(seedScale(a, { accounts: 0 })).rejects.toThrow(RangeError);
    await expect(seedScale(a, { accounts: 1.5 })).rejects.toThrow(RangeError);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Runs wherever a PostgreSQL server is configured (CI sets TEST_DATABASE_URL).
describe.runIf(serverUrl)('scale set on PostgreSQL (COPY)', () => {
  const N = 50;
  const name = `portal_seed_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  let admin: pg.Client;
  let database: Database;
  let before: Record<string, number>;
  let schemaBefore: unknown[];
  let result: ScaleResult;

  const schemaShape = () =>
    rows(
      database,
      sql`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace
          UNION ALL SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
          UNION ALL SELECT tgrelid::regclass::text, tgname, 'enabled: ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2, 3`,
    );

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await migrateDatabase(database);
    await seedDemoData(database, { now: NOW });
    before = await counts(database);
    schemaBefore = await schemaShape();
    result = await seedScale(database, { accounts: N, now: NOW });
  });

  afterAll(async () => {
    await database?.close();
    // pool.end() resolves before the server has seen every connection close; dropping with FORCE
    // then would kill a closing connection, which reports an error. Wait for them to go first.
    for (let i = 0; i < 50; i++) {
      const { rows: open } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
      if (open.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('adds the rows the formula says, and reports what it added', async () => {
    const added = delta(await counts(database), before);
    expectScaleCounts(added, N);
    expect(result.rows).toEqual(added);
    expect(result.firstIds.accounts).toBe(DEMO_ACCOUNTS + 1);
  });

  it('puts back every foreign key, trigger and the CDR index exactly as the migration made them', async () => {
    expect(await schemaShape()).toEqual(schemaBefore);
    const keys = await one<{ n: bigint }>(
      database,
      sql`SELECT count(*) AS n FROM pg_constraint WHERE contype = 'f' AND convalidated`,
    );
    expect(keys.n).toBeGreaterThan(20n);
  });

  it('keeps every invariant of the data', async () => {
    expect(await integrityProblems(database)).toEqual(NO_PROBLEMS);
  });

  it('gives the same rows as PGlite for the same now', async () => {
    const pglite = await openDatabase({});
    try {
      await migrateDatabase(pglite);
      await seedDemoData(pglite, { now: NOW });
      await seedScale(pglite, { accounts: 2, now: NOW });
      const digest = (d: Database) =>
        one<{ md5: string }>(
          d,
          sql`SELECT md5(string_agg(to_jsonb(t)::text, '|' ORDER BY id)) AS md5 FROM charges t WHERE account_id BETWEEN 26 AND 27`,
        );
      expect(await digest(database)).toEqual(await digest(pglite));
    } finally {
      await pglite.close();
    }
  });
});
