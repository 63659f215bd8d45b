import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app';
import { TEST_PASSWORD, createUser } from '../../../test/factories';
import { authCalls } from '../../../test/auth';
import * as password from '../../lib/password';

// Counts argon2 verifications while keeping the real ones.
vi.mock('../../lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifyPassword = vi.mocked(password.verifyPassword);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => verifyPassword.mockClear());

/** The real hashes' algorithm and cost, so a dummy verification costs what a real one does. */
const REAL_HASH_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

describe('no timing oracle on login', () => {
  it('verifies one real-cost argon2 hash for a wrong password', async () => {
    const user = await createUser(ctx.database.db);
    await authCalls(ctx.app).login(user.username, 'wrong-password', '10.1.0.1');
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(verifyPassword.mock.calls[0]![0]).toBe(user.passwordHash);
  });

  it.each([
    ['an unknown user', async () => 'no-such-user'],
    ['a user without a password', async () => (await createUser(ctx.database.db, { password: null })).username],
    [
      'an email several users share',
      async () => {
        await createUser(ctx.database.db, { email: 'two@example.com' });
        await createUser(ctx.database.db, { email: 'two@example.com' });
        return 'two@example.com';
      },
    ],
  ])('verifies a dummy hash of the same cost for %s', async (_case, login) => {
    const res = await authCalls(ctx.app).login(await login(), TEST_PASSWORD, '10.1.0.2');
    expect(res.json().successful).toBe(false);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(verifyPassword.mock.calls[0]![0].startsWith(REAL_HASH_PREFIX)).toBe(true);
    expect(await verifyPassword.mock.results[0]!.value).toBe(false);
  });
});
