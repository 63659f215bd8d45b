/**
 * `npm run demo:provider` (scripts/demo-provider.mjs) against a real server on a fresh embedded database:
 * its client made by `npm run api-client` while the portal is stopped (the command line needs the embedded
 * database to itself), then a run, a second run that changes nothing, and what they wrote read back through
 * the provider API and, once the server has stopped, from the database. The database is migrated with one
 * Admin in it, so that the server starts without seeding the demo data (two minutes here).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../src/config';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { accounts, cdrs, creditNotes, invoices, mailOutbox, payments } from '../src/db/schema';
import { createUser, TEST_PASSWORD } from './factories';
import { startInstance, type Instance } from './instances';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('../../../scripts/demo-provider.mjs', import.meta.url));
const PREFIX = 'T1';
const ADMIN = 'provider-admin';
const KEYS = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08', 'A09', 'A10'];

let dataDir: string;
let instance: Instance;
let credentials: { clientId: string; clientSecret: string };
const outputs: string[] = [];

const environment = () => ({ PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', SECRETS_KEY: TEST_SECRETS_KEY, DATA_DIR: dataDir });
const demo = (args: string[]) => run(process.execPath, [script, '--url', instance.url, '--prefix', PREFIX, ...args], { env: environment(), timeout: 120_000 });
const withCredentials = () => ['--client-id', credentials.clientId, '--client-secret', credentials.clientSecret];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-demo-provider-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  await createUser(database.db, { roles: ['Admin'], password: null });
  await createUser(database.db, { roles: ['Admin'], username: ADMIN, password: TEST_PASSWORD });
  await database.close();
  const created = await run(process.execPath, ['--import', 'tsx', 'src/api-client.ts', 'create', '--name', 'Demo BSS', '--scopes', 'accounts:write,invoices:write,usage:write,payments:write'], {
    cwd: serverDir,
    env: environment(),
  });
  credentials = JSON.parse(created.stdout.trim()) as typeof credentials;
  // No jobs: the invitations stay in the outbox to be counted.
  instance = await startInstance({ DATA_DIR: dataDir, JOBS_ENABLED: 'false' });
});
afterAll(async () => {
  await instance?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run demo:provider', () => {
  it('says what to do when the command line cannot create its client beside a portal on the embedded database', async () => {
    await expect(demo([])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /npm run api-client failed: .*holds the embedded database[\s\S]*through the Admin API failed too: the Admin admin could not sign in[\s\S]*--admin-username and --admin-password[\s\S]*pass --client-id and --client-secret/,
      ),
    });
  });

  it("stops at the first call the portal refuses, exiting 1 with the portal's answer", async () => {
    await expect(demo(['--client-id', credentials.clientId, '--client-secret', 'pcs_wrong'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^demo:provider: POST \/a\/v1\/oauth\/token answered 401 \{"error":/),
    });
  });

  it("runs a provider's day through the provider API, printing each step and a summary", async () => {
    const { stdout } = await demo(withCredentials());
    outputs.push(stdout);
    expect(stdout).toContain(`account   ${PREFIX}-A02 created: Maple Leaf Plumbing: field crew (English, CAD, under ${PREFIX}-A01)`);
    expect(stdout).toContain(`account   ${PREFIX}-A04 created: Boulangerie Lévesque inc. (French, CAD)`);
    expect(stdout.match(/^invite /gm)).toHaveLength(10);
    expect(stdout.match(/^invoice .* posted: /gm)).toHaveLength(10);
    expect(stdout).toMatch(/^payment {3}\S+: bank transfer of CAD \d+\.\d\d from T1-A01, receipt \S+$/m);
    expect(stdout).toMatch(/^usage {5}batch T1-USAGE-\d{6}: (\d+) records \(\d+ KB gzipped\), \1 loaded, 0 duplicates$/m);
    expect(stdout).toMatch(/^Done: 10 accounts \(10 created\), 10 invitations, 10 invoices, \d+ usage records \(\d+ loaded\), 1 bank transfer, 1 credit/m);
  });

  it('runs again with the same prefix and changes nothing, its client created through the Admin API beside the running portal', async () => {
    const { stdout } = await demo(['--admin-username', ADMIN, '--admin-password', TEST_PASSWORD]);
    outputs.push(stdout);
    expect(stdout).toMatch(new RegExp(`^client {4}\\S+ created by the Admin API as ${ADMIN}$`, 'm'));
    expect(stdout.match(/^account .* up to date: /gm)).toHaveLength(10);
    expect(stdout.match(/^invoice .* already posted: /gm)).toHaveLength(10);
    // A batch id loaded before answers as it did the first time, and loads nothing (counted below).
    const usage = /^usage .*$/m;
    expect(usage.exec(stdout)![0]).toBe(usage.exec(outputs[0]!)![0]);
    expect(stdout).toMatch(/^Done: 10 accounts \(0 created\)/m);
  });

  it('leaves the accounts the provider API answers, the sub-accounts under their parent', async () => {
    const token = (await (
      await fetch(`${instance.url}/a/v1/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const read = async (key: string) => {
      const answer = await fetch(`${instance.url}/p/v1/accounts/${PREFIX}-${key}`, { headers: { authorization: `Bearer ${token.access_token}` } });
      expect(answer.status, key).toBe(200);
      return (await answer.json()) as { language: string; parentExternalId: string | null; currency: string };
    };
    const read10 = await Promise.all(KEYS.map(read));
    expect(read10.map((account) => account.parentExternalId)).toEqual([null, `${PREFIX}-A01`, `${PREFIX}-A01`, ...Array<null>(7).fill(null)]);
    expect(read10.filter((account) => account.language === 'French')).toHaveLength(1);
    expect(new Set(read10.map((account) => account.currency))).toEqual(new Set(['CAD', 'USD']));
  });

  describe('in the database, once the server has stopped', () => {
    let database: Database;
    let ids: bigint[];
    beforeAll(async () => {
      expect(await instance.stop()).toBe(0);
      database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      ids = (await database.db.select({ id: accounts.id }).from(accounts).where(like(accounts.externalId, `${PREFIX}-%`))).map((row) => row.id);
    });
    afterAll(() => database?.close());

    it('holds ten accounts, an invitation in the outbox for each, and a posted invoice of each', async () => {
      expect(ids).toHaveLength(10);
      const invited = [...outputs[0]!.matchAll(/^invite {4}(\S+) to /gm)].map((match) => match[1]!);
      const mail = await database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(inArray(mailOutbox.toAddress, invited));
      expect(new Set(mail.map((row) => row.to))).toEqual(new Set(invited));
      const posted = await database.db
        .select({ number: invoices.invoiceNumber })
        .from(invoices)
        .where(and(inArray(invoices.accountId, ids), eq(invoices.state, 'Posted')));
      expect(posted).toHaveLength(10);
    });

    it('holds every usage record once, a few hundred per account', async () => {
      const sent = Number(/^usage .*: (\d+) records/m.exec(outputs[0]!)![1]);
      const records = await database.db.select({ accountId: cdrs.accountId }).from(cdrs).where(inArray(cdrs.accountId, ids));
      expect(records).toHaveLength(sent);
      const perAccount = new Map<bigint, number>();
      for (const { accountId } of records) perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
      expect(perAccount.size).toBe(10);
      for (const count of perAccount.values()) expect(count).toBeGreaterThanOrEqual(200);
    });

    it('holds one bank transfer of the first invoice and one credit of 10.00 on the French account', async () => {
      const [first] = await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, `${PREFIX}-A01`));
      const [invoice] = await database.db.select({ amount: invoices.amount }).from(invoices).where(eq(invoices.accountId, first!.id));
      const paid = await database.db.select({ amount: payments.amount, status: payments.status }).from(payments).where(eq(payments.accountId, first!.id));
      expect(paid).toEqual([{ amount: invoice!.amount, status: 'Successful' }]);
      // The offline payment's method is a column of the provider API's migration.
      const { rows: methods } = await database.db.execute<{ method: string }>(sql`select method from payments where account_id = ${first!.id}`);
      expect(methods).toEqual([{ method: 'bank_transfer' }]);
      const [french] = await database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, `${PREFIX}-A04`));
      const credits = await database.db.select({ amount: creditNotes.amount }).from(creditNotes).where(eq(creditNotes.accountId, french!.id));
      expect(credits).toEqual([{ amount: '10.00' }]);
    });
  });
});
