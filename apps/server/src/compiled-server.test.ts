/**
 * The server as `npm start` runs it: compiled by build.mjs (a few dependencies bundled in, the rest
 * from node_modules), with npm start's node flags and environment (PGlite's WebAssembly on V8's baseline
 * compiler among them), on the embedded database. Every other test runs the TypeScript sources.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../test/instances';
import { nodeFlags, startEnvironment, startWords } from '../test/start-command';
import { DEMO_PASSWORD } from './db/seed/demo-users';
import { bundledMigrations } from './db/startup';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// Inside the package, so that what stays external resolves from node_modules as it does for dist/.
const cacheDir = path.join(serverDir, 'node_modules', '.cache');
let outdir: string;
let dataDir: string;
const running: Instance[] = [];

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
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const npmStart = startWords();
  const instance = await startInstance(
    { ...startEnvironment(npmStart), DATA_DIR: dataDir, JOBS_ENABLED: 'false' },
    { compiled: path.join(outdir, 'server.js'), nodeFlags: nodeFlags(npmStart), timeoutMs: 120_000 },
  );
  running.push(instance);
  return instance;
};

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
