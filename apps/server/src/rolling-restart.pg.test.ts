/**
 * Zero-downtime restarts: two instances behind nginx under steady mixed load (reads, payments,
 * the web app), restarted one after the other with SIGTERM: no request fails, each stop
 * exits 0, and every payment taken is recorded once and settled by the jobs afterwards. Also the
 * stop sequence itself: readiness turns 503 at once while serving goes on, a second SIGTERM exits,
 * and a CSV download in flight is finished before the exit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/database';
import { databaseUrlOf, startInstance, type Instance } from '../test/instances';
import { startNginx } from '../test/nginx';
import type { Database } from './db/client';

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exited = (instance: Instance) =>
  new Promise<number | null>((resolve) => {
    if (instance.process.exitCode !== null) resolve(instance.process.exitCode);
    else instance.process.once('exit', (code) => resolve(code));
  });

// A web app of its own (its index page), so the test does not depend on a prior web build.
const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Billing portal</title><div id="root"></div>');

const instanceEnv = (database: Database, port: number, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrlOf(database.pool!),
  WEB_DIST: webDist,
  // One origin for all instances (it is the session tokens' issuer), as behind any load balancer.
  PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
  PORT: String(port),
  TRUST_PROXY: '127.0.0.1',
  SHUTDOWN_DRAIN_SECONDS: '2',
  SANDBOX_SETTLE_MS: '300',
  ...extra,
});

describe('rolling restart behind nginx', () => {
  it('restarts both instances under steady mixed load with 0 failed requests and no payment lost', async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    const ports = [await freePort(), await freePort()];
    // The first instance seeds the demo data; the second finds it there.
    const instances: Instance[] = [];
    for (const port of ports) instances.push(await startInstance(instanceEnv(database, port)));
    cleanup.push(() => Promise.all(instances.map((i) => i.stop())));
    const nginx = await startNginx({ port: await freePort(), upstreamPorts: ports });
    cleanup.push(() => nginx.stop());

    const login = await fetch(`${nginx.url}/a/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const names = (await (await fetch(`${nginx.url}/b/v1/Account/names`, { headers: auth })).json()) as { value: { accountId: number }[] };
    const accountId = names.value[0]!.accountId;
    const methods = (await (await fetch(`${nginx.url}/b/v1/PaymentMethod/methods/${accountId}`, { headers: auth })).json()) as {
      value: { paymentMethod: { id: number; default: boolean } }[];
    };
    const cardId = methods.value.find((m) => m.paymentMethod.default)!.paymentMethod.id;

    const failures: string[] = [];
    const paymentKeys: string[] = [];
    let requests = 0;
    let running = true;
    const call = async (what: string, init: RequestInit & { path: string }) => {
      try {
        const response = await fetch(`${nginx.url}${init.path}`, init);
        await response.arrayBuffer();
        requests += 1;
        if (!response.ok) failures.push(`${what}: ${response.status}`);
        return response.ok;
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
        return false;
      }
    };
    // Four clients in a loop: reads of every kind, and a card payment every few rounds.
    const client = async (n: number) => {
      for (let round = 0; running; round += 1) {
        await call('home', { path: `/b/v1/Account/names`, headers: auth });
        await call('invoices', { path: `/b/v1/Invoice/items?take=50&count=true&orderby=DueDate%20desc`, headers: auth });
        await call('web app', { path: '/login' });
        if (round % 4 === n % 4) {
          const key = `rolling-${n}-${round}`;
          const ok = await call('payment', {
            path: '/b/v1/Payment/customerpayment?autoAssignPayment',
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify({
              payment: { status: 'InProgress', type: 'Credit Card (Manual)', accountId, amount: 0.01, currency: 'CAD', description: 'Payment' },
              paymentMethodInfo: { paymentMethodId: cardId, selected: true },
            }),
          });
          if (ok) paymentKeys.push(key);
        }
      }
    };
    const load = [0, 1, 2, 3].map(client);

    await sleep(1_500);
    for (const [index, port] of ports.entries()) {
      const old = instances[index]!;
      const code = exited(old);
      old.process.kill('SIGTERM');
      expect(await code, old.output()).toBe(0);
      instances[index] = await startInstance(instanceEnv(database, port));
      // nginx tries the instance again after fail_timeout.
      await sleep(2_500);
    }
    running = false;
    await Promise.all(load);

    expect(failures, `${failures.join('\n')}\nnginx: ${nginx.errors()}`).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    expect(paymentKeys.length).toBeGreaterThan(5);

    // Every payment taken is there once, and the settlement job finishes each of them.
    const state = async () =>
      (
        await database.db.execute<{ key: string; status: string }>(
          sql`select substring(idempotency_key from 5) as key, status from payments where idempotency_key like 'key:rolling-%'`,
        )
      ).rows;
    const deadline = Date.now() + 15_000;
    while ((await state()).some((p) => p.status === 'InProgress') && Date.now() < deadline) await sleep(250);
    const payments = await state();
    expect(payments.map((p) => p.key).sort()).toEqual([...paymentKeys].sort());
    expect(payments.filter((p) => p.status !== 'Successful')).toEqual([]);
  });

  it('on SIGTERM fails readiness at once and keeps serving; a second SIGTERM exits at once', async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    const instance = await startInstance(instanceEnv(database, await freePort(), { SHUTDOWN_DRAIN_SECONDS: '30', JOBS_ENABLED: 'false' }));
    cleanup.push(() => instance.kill());
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);

    instance.process.kill('SIGTERM');
    await sleep(300);
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${instance.url}/login`)).status).toBe(200);

    const code = exited(instance);
    const signalled = Date.now();
    instance.process.kill('SIGTERM');
    expect(await code).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(2_000);
  });

  it('finishes a CSV download in flight when told to stop, then exits 0', async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.close());
    const port = await freePort();
    const instance = await startInstance({ ...instanceEnv(database, port, { SHUTDOWN_DRAIN_SECONDS: '1', JOBS_ENABLED: 'false' }), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
    cleanup.push(() => instance.kill());
    const login = await fetch(`${instance.url}/a/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const invoices = (await (await fetch(`${instance.url}/b/v1/Invoice/items?take=1`, { headers: auth })).json()) as { value: { id: number }[] };
    const links = (await (await fetch(`${instance.url}/b/v1/Billing/InvoiceURLs/${invoices.value[0]!.id}`, { headers: auth })).json()) as {
      urls: { name: string; url: string }[];
    };
    const link = links.urls.find((u) => u.name === 'CDRs')!.url;

    // The download has started (headers in) and is not read while the instance is told to stop.
    const response = await new Promise<IncomingMessage>((resolve, reject) => get(new URL(link, instance.url), resolve).on('error', reject));
    expect(response.statusCode).toBe(200);
    response.pause();
    const code = exited(instance);
    instance.process.kill('SIGTERM');
    await sleep(2_000);
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (body += chunk));
    const ended = new Promise((resolve) => response.on('end', resolve));
    response.resume();
    await ended;
    expect(body.trim().split('\n').length).toBeGreaterThan(1);
    expect(await code, instance.output()).toBe(0);
  });
});
