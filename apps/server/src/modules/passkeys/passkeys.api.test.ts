/**
 * Passkeys through real WebAuthn ceremonies: a software authenticator (P-256 key,
 * CBOR attestation, ES256 assertions) registers and signs in against the real routes and database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { AUTH_MESSAGES, PASSKEY_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { auditEntries, verifySessionToken } from '../../../test/auth';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { SoftwarePasskey } from '../../../test/webauthn-authenticator';
import { passkeys, sessions, users, webauthnChallenges } from '../../db/schema';
import { relyingPartyOf } from './service';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let ctx: TestContext;
let rp: { id: string; origin: string };
let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-06-01T12:00:00Z') });
  rp = relyingPartyOf(ctx.app.config.PUBLIC_ORIGIN);
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;

const registrationOptions = (headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/a/v1/Passkeys/registration-options', headers });
const savePasskey = (headers: Headers, response: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/a/v1/Passkeys',
    headers: { ...headers, 'user-agent': CHROME_ON_MAC },
    payload: { response },
  });
const listPasskeys = async (headers: Headers) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/Passkeys', headers });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as { value: { id: number; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean }[] }
  ).value;
};
const signInOptions = async () => {
  const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/passkey-options', remoteAddress: nextAddress() });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
};
const signIn = (response: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/a/v1/Authenticate/passkey',
    remoteAddress: nextAddress(),
    headers: { 'user-agent': CHROME_ON_MAC },
    payload: { response },
  });

/** A signed-in person who registered one passkey on a software authenticator. */
const withPasskey = async () => {
  const user = await createUser(ctx.database.db);
  const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
  const options = await registrationOptions(headers);
  expect(options.statusCode).toBe(200);
  const authenticator = new SoftwarePasskey(rp.id, rp.origin);
  const saved = await savePasskey(headers, authenticator.register(options.json()));
  expect(saved.statusCode).toBe(200);
  return { user, headers, authenticator, passkey: saved.json() as { id: number; name: string } };
};

describe('relying party', () => {
  it('is PUBLIC_ORIGIN; a loopback address is served as localhost (browsers refuse IP addresses as ids)', () => {
    expect(relyingPartyOf('https://portal.example-telecom.com')).toEqual({
      id: 'portal.example-telecom.com',
      origin: 'https://portal.example-telecom.com',
      name: 'portal.example-telecom.com',
    });
    expect(relyingPartyOf('http://127.0.0.1:3100')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3100' });
    expect(relyingPartyOf('http://[::1]:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' });
  });
});

describe('registering a passkey', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/a/v1/Passkeys/registration-options' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/a/v1/Passkeys' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/a/v1/Passkeys/1' })).statusCode).toBe(401);
  });

  it('offers options for this site with an opaque user handle, verifies the attestation, saves the key and lists it', async () => {
    const user = await createUser(ctx.database.db);
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
    const res = await registrationOptions(headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const options = res.json() as {
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string; displayName: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
    };
    expect(options.rp.id).toBe('localhost');
    expect(options.user).toMatchObject({ name: user.username, displayName: user.name });
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain(String(user.id));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);

    const authenticator = new SoftwarePasskey(rp.id, rp.origin);
    const saved = await savePasskey(headers, authenticator.register(options));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Chrome on macOS',
      lastUsedAt: null,
      backedUp: false,
      createdAt: '2026-06-01T12:00:00.000Z',
    });

    const list = await listPasskeys(headers);
    expect(list).toEqual([saved.json()]);
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: ['internal'] });
    // The challenge is gone once used.
    expect(
      await ctx.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge)),
    ).toEqual([]);
    const [entry] = await auditEntries(ctx.database.db, 'auth.passkey_registered', user.id);
    expect(entry).toMatchObject({ actorUserId: user.id, details: { passkeyId: String(row!.id), name: 'Chrome on macOS' } });

    // The same credential is refused a second time; the next options exclude it.
    const again = await registrationOptions(headers);
    expect((again.json() as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id)).toEqual([
      authenticator.id,
    ]);
    expect((await savePasskey(headers, authenticator.register(again.json()))).statusCode).toBe(409);
  });

  it('refuses a used challenge, another person’s challenge, a wrong origin, a wrong relying party and an unverified user', async () => {
    const user = await createUser(ctx.database.db);
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
    const other = bearer(await tokenFor(ctx.database.db, await createUser(ctx.database.db), { now: ctx.clock.now() }));
    const refused = async (
      owner: Headers,
      sender: Headers,
      ceremony: ConstructorParameters<typeof SoftwarePasskey> | null,
      options: Parameters<SoftwarePasskey['register']>[1] = {},
    ) => {
      const opts = (await registrationOptions(owner)).json() as { challenge: string; user: { id: string } };
      const authenticator = ceremony ? new SoftwarePasskey(...ceremony) : new SoftwarePasskey(rp.id, rp.origin);
      const res = await savePasskey(sender, authenticator.register(opts, options));
      return [res.statusCode, (res.json() as { error: string }).error];
    };
    const failure = [400, PASSKEY_MESSAGES.registrationFailed];
    expect(await refused(headers, headers, null, { origin: 'https://evil.example' })).toEqual(failure);
    expect(await refused(headers, headers, null, { rpId: 'evil.example' })).toEqual(failure);
    expect(await refused(headers, headers, null, { userVerified: false })).toEqual(failure);
    // A challenge is bound to the person it was made for.
    expect(await refused(other, headers, null)).toEqual(failure);

    // A used challenge does not register a second key.
    const opts = (await registrationOptions(headers)).json() as { challenge: string; user: { id: string } };
    expect((await savePasskey(headers, new SoftwarePasskey(rp.id, rp.origin).register(opts))).statusCode).toBe(200);
    const replay = await savePasskey(headers, new SoftwarePasskey(rp.id, rp.origin).register(opts));
    expect(replay.statusCode).toBe(400);
    expect(await listPasskeys(headers)).toHaveLength(1);
  });

  it('refuses a registration body that is not a credential', async () => {
    const user = await createUser(ctx.database.db);
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
    const res = await savePasskey(headers, { id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('signing in with a passkey', () => {
  it('signs its owner in with a live session, updates the counter and last use, and audits it', async () => {
    const { user, headers, authenticator } = await withPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    ctx.clock.advance(60_000);
    const res = await signIn(authenticator.authenticate(options));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { successful: boolean; token: string; error: string | null };
    expect(body).toMatchObject({ successful: true, error: null });
    expect(res.headers['set-cookie']).toMatch(/^portal_device=/);

    const { payload } = await verifySessionToken(ctx.app, body.token, ctx.clock.now());
    expect(payload.sub).toBe(String(user.id));
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(payload.sid)));
    expect(session).toMatchObject({ userId: user.id, deviceName: 'Chrome on macOS', revokedAt: null });
    // The new token works on a signed-in call.
    expect((await listPasskeys(bearer(body.token)))[0]!.lastUsedAt).toBe('2026-06-01T12:01:00.000Z');
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row!.counter).toBe(1);
    const [entry] = await auditEntries(ctx.database.db, 'auth.login', user.id);
    expect(entry!.details).toMatchObject({ method: 'passkey', outcome: 'success' });
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.lastLoginAt).toEqual(ctx.clock.now());
    expect(headers).toBeDefined();
  });

  it('refuses a replayed response and a reused challenge', async () => {
    const { authenticator } = await withPasskey();
    const options = await signInOptions();
    const response = authenticator.authenticate(options);
    expect((await signIn(response)).json()).toMatchObject({ successful: true });
    // The same response again, and a fresh signature (higher counter) over the spent challenge.
    for (const replay of [response, authenticator.authenticate(options)]) {
      const res = await signIn(replay);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ successful: false, token: null, error: PASSKEY_MESSAGES.signInFailed });
    }
    // A new challenge works again.
    expect((await signIn(authenticator.authenticate(await signInOptions()))).json()).toMatchObject({ successful: true });
  });

  it('refuses a wrong origin, a wrong relying party, no user verification, an expired challenge and a forged signature', async () => {
    const { user, authenticator } = await withPasskey();
    const refused = { successful: false, token: null, error: PASSKEY_MESSAGES.signInFailed };
    expect((await signIn(authenticator.authenticate(await signInOptions(), { origin: 'https://evil.example' }))).json()).toEqual(
      refused,
    );
    expect((await signIn(authenticator.authenticate(await signInOptions(), { origin: 'http://localhost:3001' }))).json()).toEqual(
      refused,
    );
    expect((await signIn(authenticator.authenticate(await signInOptions(), { rpId: 'evil.example' }))).json()).toEqual(refused);
    expect((await signIn(authenticator.authenticate(await signInOptions(), { userVerified: false }))).json()).toEqual(refused);

    const stale = await signInOptions();
    ctx.clock.advance(5 * 60_000 + 1);
    expect((await signIn(authenticator.authenticate(stale))).json()).toEqual(refused);

    // Another key claiming this credential id.
    const impostor = new SoftwarePasskey(rp.id, rp.origin);
    const forged = impostor.authenticate(await signInOptions());
    expect((await signIn({ ...forged, id: authenticator.id, rawId: authenticator.id })).json()).toEqual(refused);

    // An unknown credential.
    expect((await signIn(impostor.authenticate(await signInOptions()))).json()).toEqual(refused);

    const outcomes = (await auditEntries(ctx.database.db, 'auth.login', user.id)).map(
      (e) => (e.details as { outcome: string }).outcome,
    );
    expect(outcomes.filter((o) => o === 'invalid_passkey')).toHaveLength(6);
  });

  it('does not sign in a disabled person', async () => {
    const { user, authenticator } = await withPasskey();
    await ctx.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const res = await signIn(authenticator.authenticate(await signInOptions()));
    expect(res.json()).toEqual({ successful: false, token: null, error: AUTH_MESSAGES.accountDisabled });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('satisfies two-factor sign-in: no authenticator-app code is asked', async () => {
    const { user, headers, authenticator } = await withPasskey();
    const { secret } = (await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/setup', headers })).json() as {
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
      timestamp: ctx.clock.now().getTime(),
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/enable', headers, payload: { code } })).statusCode,
    ).toBe(200);
    const res = await signIn(authenticator.authenticate(await signInOptions()));
    const body = res.json() as { successful: boolean; token: string };
    expect(body.successful).toBe(true);
    expect((await verifySessionToken(ctx.app, body.token, ctx.clock.now())).payload.sub).toBe(String(user.id));
  });
});

describe('removing a passkey', () => {
  it('removes the owner’s passkey, which then no longer signs in; another person’s answers 404 and stays', async () => {
    const { user, headers, authenticator, passkey } = await withPasskey();
    const stranger = bearer(await tokenFor(ctx.database.db, await createUser(ctx.database.db), { now: ctx.clock.now() }));

    const notTheirs = await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers: stranger });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ error: 'The passkey was not found.' });
    expect(await listPasskeys(headers)).toHaveLength(1);
    expect(await listPasskeys(stranger)).toEqual([]);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await listPasskeys(headers)).toEqual([]);
    const [entry] = await auditEntries(ctx.database.db, 'auth.passkey_removed', user.id);
    expect(entry).toMatchObject({ actorUserId: user.id, details: { passkeyId: String(passkey.id), name: passkey.name } });

    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers })).statusCode).toBe(404);
    expect((await signIn(authenticator.authenticate(await signInOptions()))).json()).toMatchObject({
      successful: false,
      token: null,
    });
  });
});

describe('removing a passkey is a sensitive change (docs/decisions/0011-server-side-sessions.md)', () => {
  it('asks a session that signed in over 10 minutes ago to confirm the password first (RFC 9470 step-up)', async () => {
    const { headers, passkey } = await withPasskey();
    ctx.clock.advance(11 * 60_000);
    const stale = await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers });
    expect(stale.statusCode).toBe(401);
    expect(stale.headers['www-authenticate']).toMatch(/error="insufficient_user_authentication"/);
    expect(await listPasskeys(headers)).toHaveLength(1);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/a/v1/Authenticate/confirm',
      headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(confirm.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers })).statusCode).toBe(204);
  });

  it('confirms with one of the person’s own passkeys instead of the password', async () => {
    const { user, headers, authenticator, passkey } = await withPasskey();
    const stranger = await withPasskey();
    ctx.clock.advance(11 * 60_000);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers })).statusCode).toBe(401);
    const confirmOptions = async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/confirm/passkey-options', headers });
      expect(res.statusCode).toBe(200);
      return res.json() as { challenge: string; allowCredentials: { id: string }[]; userVerification: string };
    };
    const confirm = (response: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/confirm/passkey', headers, payload: { response } });

    const options = await confirmOptions();
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    expect(options.userVerification).toBe('required');
    // A confirmation challenge does not sign anyone in, and another person's passkey does not confirm.
    expect((await signIn(authenticator.authenticate(options))).json()).toMatchObject({ successful: false, token: null });
    const notMine = await confirm(stranger.authenticator.authenticate(await confirmOptions()));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toEqual({ error: PASSKEY_MESSAGES.confirmFailed });

    const fresh = await confirmOptions();
    expect((await confirm(authenticator.authenticate(fresh))).statusCode).toBe(204);
    // Used once only.
    expect((await confirm(authenticator.authenticate(fresh))).statusCode).toBe(400);
    const [entry] = await auditEntries(ctx.database.db, 'auth.reauthenticate', user.id);
    expect(entry!.details).toMatchObject({ method: 'passkey', outcome: 'invalid_passkey' });
    const outcomes = (await auditEntries(ctx.database.db, 'auth.reauthenticate', user.id)).map(
      (e) => (e.details as { outcome: string }).outcome,
    );
    expect(outcomes).toContain('confirmed');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers })).statusCode).toBe(204);

    // With no passkey left there is nothing to confirm with.
    const none = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/confirm/passkey-options', headers });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: PASSKEY_MESSAGES.noPasskeys });
  });

  it('counts a passkey sign-in as a fresh sign-in', async () => {
    const { authenticator, passkey } = await withPasskey();
    ctx.clock.advance(11 * 60_000);
    const { token } = (await signIn(authenticator.authenticate(await signInOptions()))).json() as { token: string };
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Passkeys/${passkey.id}`, headers: bearer(token) })).statusCode,
    ).toBe(204);
  });
});

describe('ceremonies across instances', () => {
  it('a ceremony started on one instance finishes on another: the challenge is in the database, and still works once', async () => {
    // A second instance of the app on the same database, as behind a load balancer.
    const second = await buildTestApp({ database: ctx.database, clock: ctx.clock });
    try {
      const user = await createUser(ctx.database.db);
      const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
      const authenticator = new SoftwarePasskey(rp.id, rp.origin);
      const options = (await ctx.app.inject({ method: 'POST', url: '/a/v1/Passkeys/registration-options', headers })).json();
      const saved = await second.app.inject({
        method: 'POST',
        url: '/a/v1/Passkeys',
        headers,
        payload: { response: authenticator.register(options) },
      });
      expect(saved.statusCode).toBe(200);

      const signInOpts = (
        await second.app.inject({ method: 'POST', url: '/a/v1/Authenticate/passkey-options', remoteAddress: nextAddress() })
      ).json();
      const response = authenticator.authenticate(signInOpts);
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/a/v1/Authenticate/passkey',
        remoteAddress: nextAddress(),
        payload: { response },
      });
      expect(first.json()).toMatchObject({ successful: true });
      // The other instance knows it was used.
      const again = await second.app.inject({
        method: 'POST',
        url: '/a/v1/Authenticate/passkey',
        remoteAddress: nextAddress(),
        payload: { response },
      });
      expect(again.json()).toMatchObject({ successful: false, token: null });
    } finally {
      await second.close();
    }
  });
});

describe('throttling', () => {
  it('bounds how many sign-in challenges one address may ask for', async () => {
    const remoteAddress = nextAddress();
    const ask = () => ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/passkey-options', remoteAddress });
    for (let i = 0; i < 60; i += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
