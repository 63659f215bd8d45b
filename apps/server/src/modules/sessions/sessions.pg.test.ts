/**
 * Ending a session takes effect on every instance within a second: two server processes on one
 * PostgreSQL; the session is ended through the first, the second refuses its token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { databaseUrlOf, startInstance, type Instance } from '../../../test/instances';
import type { Database } from '../../db/client';

let database: Database;
let first: Instance;
let second: Instance;
beforeAll(async () => {
  database = await createTestDatabase();
  await createUser(database.db); // a database with users is not seeded with the demo data
  const env = { DATABASE_URL: databaseUrlOf(database.pool!), JOBS_ENABLED: 'false' };
  [first, second] = await Promise.all([startInstance(env), startInstance(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.kill(), second?.kill()]);
  await database?.close();
});

const signIn = async (instance: Instance, username: string, password = TEST_PASSWORD) => {
  const res = await fetch(`${instance.url}/a/v1/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await res.json()) as { token: string }).token;
};
const sessionsStatus = async (instance: Instance, token: string) =>
  (await fetch(`${instance.url}/a/v1/Sessions`, { headers: { authorization: `Bearer ${token}` } })).status;

/** Milliseconds until the second instance refuses the token (or Infinity after 3 s). */
const refusedAfter = async (token: string) => {
  const started = performance.now();
  while (performance.now() - started < 3_000) {
    if ((await sessionsStatus(second, token)) === 401) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Infinity;
};

describe('session revocation across instances', () => {
  it('logout through one instance: the other refuses the token within 1 s', async () => {
    const user = await createUser(database.db);
    const token = await signIn(first, user.username);
    expect(await sessionsStatus(second, token)).toBe(200);
    const logout = await fetch(`${first.url}/a/v1/Authenticate/Logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(204);
    expect(await refusedAfter(token)).toBeLessThan(1_000);
  });

  it('a password change through one instance ends the other sessions there too', async () => {
    const user = await createUser(database.db);
    const [changer, other] = [await signIn(first, user.username), await signIn(second, user.username)];
    expect(await sessionsStatus(second, other)).toBe(200);
    const change = await fetch(`${first.url}/a/v1/Password/Change`, {
      method: 'POST',
      headers: { authorization: `Bearer ${changer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: 'Another-Secret-93!' }),
    });
    expect(((await change.json()) as { successful: boolean }).successful).toBe(true);
    expect(await refusedAfter(other)).toBeLessThan(1_000);
    expect(await sessionsStatus(second, changer)).toBe(200);
  });

  it('an admin disabling a user through one instance: the other refuses their token within 1 s', async () => {
    const admin = await createUser(database.db, { roles: ['Admin'] });
    const user = await createUser(database.db);
    const [adminToken, token] = [await signIn(first, admin.username), await signIn(second, user.username)];
    expect(await sessionsStatus(second, token)).toBe(200);
    const disable = await fetch(`${first.url}/a/v1/Users/${user.id}/disable`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    expect(disable.status).toBe(200);
    expect(await refusedAfter(token)).toBeLessThan(1_000);
  });

  it('an admin changing a user’s account access through one instance: the other refuses the old token within 1 s', async () => {
    const admin = await createUser(database.db, { roles: ['Admin'] });
    const user = await createUser(database.db);
    const [adminToken, token] = [await signIn(first, admin.username), await signIn(second, user.username)];
    expect(await sessionsStatus(second, token)).toBe(200);
    const approve = await fetch(`${first.url}/a/v1/Users/${user.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountIds: [], roles: ['Staff'] }),
    });
    expect(approve.status).toBe(200);
    expect(await refusedAfter(token)).toBeLessThan(1_000);
    // Signing in again gives a token with the new access.
    const fresh = await signIn(second, user.username);
    const claims = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as { roles: string[] };
    expect(claims.roles).toEqual(['Staff']);
  });
});
