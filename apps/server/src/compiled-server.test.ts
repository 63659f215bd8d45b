/**
 * The server as `npm start` runs it: compiled by build.mjs (a few dependencies bundled in, the rest
 * from node_modules), with npm start's node flags and environment (PGlite's WebAssembly on V8's baseline
 * compiler among them), on the embedded database. Every other test runs the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startInstance, type Instance } from '../test/instances';
import { nodeFlags, startEnvironment, startWords } from '../test/start-command';
import { TEST_SECRETS_KEY } from './config';
import { AUTH_MESSAGES } from '@portal/contract';
import { DEMO_PASSWORD } from './db/seed/demo-users';
import { bundledMigrations } from './db/startup';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// Inside the package, so that what stays external resolves from node_modules as it does for dist/.
const cacheDir = path.join(serverDir, 'node_modules', '.cache');
let outdir: string;
let dataDir: string;
const running: Instance[] = [];
const scratch: string[] = [];

beforeAll(() => {
  mkdirSync(cacheDir, { recursive: true });
  outdir = mkdtempSync(path.join(cacheDir, 'compiled-server-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compiled-'));
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});
afterAll(async () => {
  for (const instance of running) await instance.stop();
  rmSync(outdir, { recursive: true, force: true });
  for (const dir of [dataDir, ...scratch]) rmSync(dir, { recursive: true, force: true });
});

const start = async (env: Record<string, string | undefined> = {}) => {
  const npmStart = startWords();
  const instance = await startInstance(
    { ...startEnvironment(npmStart), DATA_DIR: dataDir, JOBS_ENABLED: 'false', ...env },
    { compiled: path.join(outdir, 'server.js'), nodeFlags: nodeFlags(npmStart), timeoutMs: 120_000 },
  );
  running.push(instance);
  return instance;
};

/** As `npm start` runs on a developer's machine: no NODE_ENV, no METRICS_PORT, every interface, its own origin. */
const AS_NPM_START = { NODE_ENV: undefined, METRICS_PORT: undefined, HOST: undefined, PUBLIC_ORIGIN: undefined };

/** A data directory of its own, a copy of the one the first test seeded (so a start skips the demo seed). */
const seededCopy = async () => {
  for (const instance of running.splice(0)) await instance.stop();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-compiled-copy-'));
  scratch.push(dir);
  cpSync(dataDir, dir, { recursive: true });
  return dir;
};

const healthz = async ({ url }: Instance) => (await fetch(`${url}/healthz`)).status;

/** Signs the demo customer in and reads their home model and invoice list, as the web app does first. */
const customerReads = async ({ url }: Instance) => {
  const login = (await (
    await fetch(`${url}/a/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: DEMO_PASSWORD }),
    })
  ).json()) as { successful: boolean; token: string };
  expect(login.successful).toBe(true);
  const scopes = decodeJwt(login.token).scopes as string[];
  const accountId = scopes.find((scope) => scope.startsWith('ac:'))!.slice(3);
  const headers = { authorization: `Bearer ${login.token}` };
  const home = await fetch(`${url}/b/v1/Billing/GetClientHomeModel/${accountId}`, { headers });
  const filter = encodeURIComponent(`AccountId==${accountId}`);
  const invoices = await fetch(`${url}/b/v1/Invoice/items?dnfilter=${filter}&skip=0&take=10&count=true`, { headers });
  return { home: { status: home.status, body: (await home.json()) as Record<string, unknown> }, invoices: { status: invoices.status, body: (await invoices.json()) as { value: unknown[]; count: number } } };
};

describe('the compiled server', () => {
  it('migrates and seeds an empty data directory, serves a customer, and starts again with nothing to do', async () => {
    const first = await start();
    expect(first.output()).toContain(`(${bundledMigrations().length} migration(s) applied, demo data created)`);
    const reads = await customerReads(first);
    expect(reads.home.status).toBe(200);
    expect(reads.home.body).toHaveProperty('balances');
    expect(reads.invoices.status).toBe(200);
    expect(reads.invoices.body.value.length).toBeGreaterThan(0);
    expect(reads.invoices.body.count).toBeGreaterThanOrEqual(reads.invoices.body.value.length);
    expect(await first.stop()).toBe(0);

    const second = await start();
    expect(second.output()).toMatch(/Database: embedded PGlite in \S+\n/);
    expect((await customerReads(second)).home.status).toBe(200);

    // The build leaves zod's other languages out; its English messages stay.
    const answer = await fetch(`${second.url}/a/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 5 }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual({
      username: 'Invalid input: expected string, received number',
      password: 'Invalid input: expected string, received undefined',
    });
  });
});

describe('one machine, several portals', () => {
  it('starts a second portal beside the first, as `PORT=… npm start` with another PORT, and both answer /healthz', async () => {
    const ports = [await freePort(), await freePort()];
    const [firstDir, secondDir] = [await seededCopy(), await seededCopy()];
    const first = await start({ ...AS_NPM_START, PORT: String(ports[0]), DATA_DIR: firstDir });
    const second = await start({ ...AS_NPM_START, PORT: String(ports[1]), DATA_DIR: secondDir });
    expect([first.url, second.url]).toEqual(ports.map((port) => `http://127.0.0.1:${port}`));
    expect([await healthz(first), await healthz(second)]).toEqual([200, 200]);
    // Outside production no metrics listener opens unless METRICS_PORT asks for one.
    expect(first.output() + second.output()).not.toContain('Metrics at');
  });

  it('refuses a second portal on the data directory a running one holds, saying what to do', async () => {
    const dir = await seededCopy();
    const first = await start({ ...AS_NPM_START, DATA_DIR: dir, PORT: '0' });
    await expect(start({ ...AS_NPM_START, DATA_DIR: dir, PORT: '0' })).rejects.toThrow(
      `Failed to start: DATA_DIR ${dir} holds the embedded database of the portal running as process ${first.process.pid}, which only one process may open: give this portal a DATA_DIR of its own (or a DATABASE_URL), or stop the other one first`,
    );
    expect(await healthz(first)).toBe(200);
  });

  it("prints the demo's sign-in link for the pending user, which lands on the pending page", async () => {
    const port = await freePort();
    const instance = await start({ ...AS_NPM_START, PORT: String(port), DATA_DIR: await seededCopy() });
    const link = /pending@example\.com awaits approval by an Admin at \/admin\/users; sign in as them by single sign-on with this start's link: (\S+)/.exec(instance.output())?.[1];
    expect(link).toMatch(new RegExp(`^http://localhost:${port}/a/v1/openid/demo-login\\?token=`));
    const landing = await fetch(link!.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(
      `http://localhost:${port}/login-callback#${new URLSearchParams({ error: 'pending', error_description: AUTH_MESSAGES.awaitingApproval }).toString()}`,
    );
  });

  describe('in production', () => {
    let holder: Server;
    beforeAll(async () => {
      holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => holder.close(resolve)));
    const production = { NODE_ENV: 'production', HOST: '127.0.0.1', SECRETS_KEY: TEST_SECRETS_KEY };

    it('serves /metrics on METRICS_PORT when it is free', async () => {
      const metricsPort = await freePort();
      const instance = await start({ ...production, METRICS_PORT: String(metricsPort), DATA_DIR: await seededCopy() });
      expect(instance.output()).toContain(`Metrics at http://127.0.0.1:${metricsPort}/metrics`);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
      // Production never offers the demo's sign-in link.
      expect(instance.output()).toContain('pending@example.com awaits approval (single sign-on)\n');
      expect(instance.output()).not.toContain('demo-login');
      expect((await fetch(`${instance.url}/a/v1/openid/demo-login?token=anything`, { redirect: 'manual' })).status).toBe(404);
    });

    it('refuses to start when METRICS_PORT is taken, naming the setting', async () => {
      const { port } = holder.address() as AddressInfo;
      await expect(start({ ...production, METRICS_PORT: String(port), DATA_DIR: await seededCopy() })).rejects.toThrow(
        `Failed to start: METRICS_PORT ${port} is already in use on 127.0.0.1 (another portal or program listens there): set METRICS_PORT to a free port, or 0 to turn the metrics listener off`,
      );
    });
  });
});

describe('a secrets key that did not seal the database', () => {
  const rotation = 'Rotating to a new key needs the old one: the secrets must be opened with it to be sealed with the new key.';

  it('stops the start, saying another key sealed the secrets, to check SECRETS_KEY, and that rotating needs the old key', async () => {
    await expect(start({ SECRETS_KEY: 'ab'.repeat(32), DATA_DIR: await seededCopy() })).rejects.toThrow(
      "Failed to start: The database's secrets were sealed with another key than SECRETS_KEY. Check SECRETS_KEY: it must be the key this database was first started with (keep it with the database's backups). " +
        rotation,
    );
  });

  it('stops the start of a data directory whose secrets.key was deleted and generated anew, naming the file', async () => {
    const dir = await seededCopy();
    const keyFile = path.join(dir, 'secrets.key');
    // The key that sealed the copy, as development's generated file: the portal starts with it.
    writeFileSync(keyFile, `${TEST_SECRETS_KEY}\n`, { mode: 0o600 });
    const withItsKey = await start({ ...AS_NPM_START, SECRETS_KEY: undefined, DATA_DIR: dir });
    expect(await healthz(withItsKey)).toBe(200);
    expect(await withItsKey.stop()).toBe(0);

    rmSync(keyFile);
    await expect(start({ ...AS_NPM_START, SECRETS_KEY: undefined, DATA_DIR: dir })).rejects.toThrow(
      `Failed to start: The database's secrets were sealed with another key than ${keyFile}, which was generated anew (the file was deleted) while the database in the data directory was kept. Put the key this database was first started with back at ${keyFile}, or set SECRETS_KEY to it. ${rotation}`,
    );
    // The new file holds a key of its own, not the one that sealed the database.
    expect(existsSync(keyFile)).toBe(true);
  });
});
