/**
 * `npm run api-client -- create …` against a real PostgreSQL database: the client it prints gets a token
 * from a server on that database; bad input creates nothing and says why.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from './config';
import { apiClients } from './db/schema';
import type { Database } from './db/client';
import { createTestDatabase } from '../test/database';
import { databaseUrlOf } from '../test/instances';
import { buildTestApp } from '../test/app';
import { auditEntries } from '../test/auth';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));
let database: Database;

const cli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/api-client.ts', ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrlOf(database.pool!),
      SECRETS_KEY: TEST_SECRETS_KEY,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-api-client-')),
      LOG_LEVEL: 'warn',
    },
  });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it('creates a client and prints one JSON line whose credentials get a token', async () => {
  const { stdout } = await cli(['create', '--name', 'First BSS', '--scopes', 'usage:write,accounts:write']);
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const printed = JSON.parse(lines[0]!) as { clientId: string; clientSecret: string };
  expect(Object.keys(printed).sort()).toEqual(['clientId', 'clientSecret']);

  const ctx = await buildTestApp({ database });
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/a/v1/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${printed.clientId}:${printed.clientSecret}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'accounts:write usage:write' });
  } finally {
    await ctx.close();
  }
  const [client] = await database.db.select().from(apiClients);
  const [entry] = await auditEntries(database.db, 'api_client.create', client!.id);
  expect(entry).toMatchObject({ actorUserId: null, details: { name: 'First BSS', via: 'command line' } });
});

it('refuses an unknown scope or a missing name, creating nothing', async () => {
  const before = (await database.db.select().from(apiClients)).length;
  await expect(cli(['create', '--name', 'X', '--scopes', 'everything'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown scope') });
  await expect(cli(['create', '--scopes', 'usage:write'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Name is required') });
  expect((await database.db.select().from(apiClients)).length).toBe(before);
});
