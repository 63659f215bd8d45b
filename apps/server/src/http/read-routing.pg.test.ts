/**
 * Reads from a real streaming replica (docs/decisions/0029-reads-from-replicas.md): the author of a
 * change sees it at once, on either of two instances (the primary serves them until the replica has
 * replayed past their write),
 * others are served by the replica (shown by it answering what the primary no longer holds while its
 * replay is paused), a replica lagging past the limit or stopped is skipped, and nothing fails meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app';
import { startStreamingReplica, type StreamingReplica } from '../../test/streaming-replica';
import { bearer, createAccount, createBillingDetails, createUser, tokenFor } from '../../test/factories';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { parseLsn } from '../db/replicas';
import { registry, replicaFallbacks, replicaReads } from '../lib/metrics';

const MAX_LAG_SECONDS = 3;

let cluster: StreamingReplica;
let database: Database;
let ctx: TestContext;
/** A second instance on the same databases: what one instance records of a write, the other honours. */
let otherDatabase: Database;
let otherInstance: TestContext;
let accountId: bigint;
let author: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  cluster = await startStreamingReplica();
  await cluster.onPrimary('create database portal');
  const open = () =>
    openDatabase({
      url: cluster.primaryUrl('portal'),
      replicaUrls: [cluster.replicaUrl('portal')],
      replicaMaxLagSeconds: MAX_LAG_SECONDS,
      // The test runs the monitor's rounds itself (`until`), so what it has seen is what the test says.
      replicaCheckMs: 3_600_000,
      poolSize: 4,
    });
  database = await open();
  await migrateDatabase(database);
  ctx = await buildTestApp({ database });
  otherDatabase = await open();
  otherInstance = await buildTestApp({ database: otherDatabase });
  const db = database.db;
  const account = await createAccount(db, { language: 'English' });
  accountId = account.id;
  await createBillingDetails(db, account.id);
  author = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  other = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  await caughtUp();
});

afterAll(async () => {
  await otherInstance?.close();
  await otherDatabase?.close();
  await ctx?.close();
  await database?.close();
  await cluster?.destroy();
});

const replica = () => database.replicas!.replicas[0]!;

/** Polls the monitor (a round at a time) until `done`. */
const until = async (done: () => boolean, what: string, ms = 15_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    await Promise.all([database, otherDatabase].map((d) => d.replicas!.check()));
    if (done()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Until the replica, usable, has replayed everything the primary holds now. */
const caughtUp = async () => {
  const { rows } = await database.pool!.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const target = parseLsn(rows[0]!.lsn);
  await until(
    () => [database, otherDatabase].every((d) => d.replicas!.replicas[0]!.usable && (d.replicas!.replicas[0]!.replayLsn ?? 0n) >= target),
    'the replica caught up',
  );
};

const served = async () => {
  const reads = Object.fromEntries((await replicaReads.get()).values.map((v) => [String(v.labels.served_by), v.value]));
  const fallbacks = Object.fromEntries((await replicaFallbacks.get()).values.map((v) => [String(v.labels.reason), v.value]));
  return { replica: reads.replica1 ?? 0, primary: reads.primary ?? 0, behind: fallbacks.behind_own_write ?? 0, unusable: fallbacks.unusable ?? 0, failed: fallbacks.failed ?? 0 };
};

/** The account's language as `who` reads it, and which database served that read. */
const languageRead = async (who: Record<string, string>, app = ctx.app) => {
  const before = await served();
  const res = await app.inject({ method: 'GET', url: `/b/v1/Account/details/${accountId}`, headers: who });
  expect(res.statusCode).toBe(200);
  const after = await served();
  const by = after.replica > before.replica ? 'replica' : after.primary > before.primary ? 'primary' : 'uncounted';
  return { language: (res.json() as { account: { language: string } }).account.language, by, fallbacks: { behind: after.behind - before.behind, unusable: after.unusable - before.unusable, failed: after.failed - before.failed } };
};

const setLanguage = async (language: 'English' | 'French') => {
  const payload = {
    accountId: Number(accountId),
    language,
    invoiceEmail: 'billing@example.com',
    addresses: [],
    accountAddresses: [],
    contacts: [],
    accountContacts: [],
    deleteAccountAddressIds: [],
    deleteAddressIds: [],
    deleteAccountContactIds: [],
    deleteContactIds: [],
  };
  const res = await ctx.app.inject({ method: 'PUT', url: '/b/v1/Account/customerdetails', headers: { ...author, 'content-type': 'application/json' }, payload });
  expect(res.statusCode, res.body).toBe(200);
};

describe('reads from a streaming replica', () => {
  it('serves a caught-up replica to everyone who wrote nothing it lacks', async () => {
    expect(await languageRead(other)).toMatchObject({ language: 'English', by: 'replica' });
    expect(await languageRead(author)).toMatchObject({ language: 'English', by: 'replica' });
  });

  it('streams exports from the replica and serves cached answers read there', async () => {
    const calls = [
      { url: `/b/v1/Usage/records/${accountId}/export?from=2025-01-01&to=2025-01-31`, type: 'text/csv; charset=utf-8' },
      { url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, type: 'application/json; charset=utf-8' },
      { url: `/b/v1/Usage/summary/${accountId}`, type: 'application/json; charset=utf-8' },
    ];
    for (const { url, type } of calls) {
      const before = (await served()).replica;
      const res = await ctx.app.inject({ method: 'GET', url, headers: other });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect((await served()).replica, url).toBe(before + 1);
    }
    // Asked again, the home model is the answer kept: only the primary's version was read, nothing counted.
    const before = await served();
    const again = await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers: other });
    expect(again.statusCode).toBe(200);
    expect(await served()).toEqual(before);
  });

  it('shows the author their change at once from the primary, others the replica until it replays it', async () => {
    await cluster.onReplica('select pg_wal_replay_pause()');
    await setLanguage('French');
    // The replica still answers (within the allowed lag) but has not replayed the author's write.
    expect(replica().usable).toBe(true);
    expect(await languageRead(author)).toEqual({ language: 'French', by: 'primary', fallbacks: { behind: 1, unusable: 0, failed: 0 } });
    // Whichever instance serves the author's next call.
    expect(otherDatabase.replicas!.replicas[0]!.usable).toBe(true);
    expect(await languageRead(author, otherInstance.app)).toEqual({ language: 'French', by: 'primary', fallbacks: { behind: 1, unusable: 0, failed: 0 } });
    expect(await languageRead(other, otherInstance.app)).toMatchObject({ language: 'English', by: 'replica' });
    // Someone who wrote nothing is served by the replica: its copy is the one before the change.
    expect(await languageRead(other)).toMatchObject({ language: 'English', by: 'replica' });
  });

  it('skips a replica that lags past REPLICA_MAX_LAG_SECONDS, and reports its lag', async () => {
    await until(() => !replica().usable, 'the paused replica counted as lagging', 10_000);
    expect(replica().lagSeconds).toBeGreaterThan(MAX_LAG_SECONDS);
    expect(await languageRead(other)).toEqual({ language: 'French', by: 'primary', fallbacks: { behind: 0, unusable: 1, failed: 0 } });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/db_replica_usable\{replica="replica1"\} 0/);
    const lag = Number(/db_replica_lag_seconds\{replica="replica1"\} ([\d.]+)/.exec(metrics)?.[1]);
    expect(lag).toBeGreaterThan(MAX_LAG_SECONDS);
  });

  it('moves the author back to the replica once it has replayed past their write', async () => {
    await cluster.onReplica('select pg_wal_replay_resume()');
    await caughtUp();
    expect(await languageRead(author)).toMatchObject({ language: 'French', by: 'replica' });
    expect(await languageRead(other)).toMatchObject({ language: 'French', by: 'replica' });
    expect(await registry.metrics()).toMatch(/db_replica_usable\{replica="replica1"\} 1/);
  });

  it('reads again from the primary when the replica is lost under a read, and skips it while stopped', async () => {
    await database.replicas!.check();
    expect(replica().usable).toBe(true);
    await cluster.stopReplica();
    // The monitor has not seen it stop: the read goes to the replica, loses it, and is read again on the primary.
    expect(await languageRead(other)).toEqual({ language: 'French', by: 'primary', fallbacks: { behind: 0, unusable: 0, failed: 1 } });
    // From then on it is skipped without being tried, and the monitor agrees.
    expect(await languageRead(other)).toEqual({ language: 'French', by: 'primary', fallbacks: { behind: 0, unusable: 1, failed: 0 } });
    await database.replicas!.check();
    expect(replica()).toMatchObject({ usable: false, lagSeconds: null });
    await setLanguage('English');
    expect(await languageRead(author)).toEqual({ language: 'English', by: 'primary', fallbacks: { behind: 0, unusable: 1, failed: 0 } });

    await cluster.startReplica();
    await caughtUp();
    expect(await languageRead(author)).toMatchObject({ language: 'English', by: 'replica' });
    expect(await languageRead(other)).toMatchObject({ language: 'English', by: 'replica' });
  });
});
