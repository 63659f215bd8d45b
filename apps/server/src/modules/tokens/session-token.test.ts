import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, errors, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { SIGNING_ALGORITHM, type SigningKeys } from '../../lib/signing-keys';
import { signSessionToken } from './session-token';
import { createTokenVerifier } from '../../plugins/authenticate';

const keysFor = async (kid: string): Promise<SigningKeys> => {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  return {
    current: { kid, privateKey },
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' }] },
  };
};

const subject = { userId: 9007199254740993n, sessionId: 'session-abc', name: 'Pat Lee', roles: ['Admin'], accountIds: [12n, 7n], idleMinutes: 30 };
const now = new Date('2025-05-01T12:00:00Z');

describe('session token', () => {
  it('carries sub, name, roles, ac: scopes, the idle timeout, both audiences, issuer, iat and exp', async () => {
    const keys = await keysFor('key-1');
    const token = await signSessionToken(keys, subject, {
      issuer: 'https://portal.example/a',
      ttlMinutes: 480,
      now,
    });
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks), { currentDate: now });
    expect(payload).toEqual({
      sub: '9007199254740993',
      name: 'Pat Lee',
      roles: ['Admin'],
      scopes: ['ac:12', 'ac:7'],
      sid: 'session-abc',
      idleMinutes: 30,
      aud: ['billing-portal', 'billing'],
      iss: 'https://portal.example/a',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 480 * 60,
    });
  });

  it('names its signing key (kid) and algorithm in the header', async () => {
    const keys = await keysFor('key-abc');
    const token = await signSessionToken(keys, subject, { issuer: 'x', ttlMinutes: 5, now });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: 'key-abc', typ: 'JWT' });
    // A JWKS without that kid cannot verify it.
    const other = await keysFor('key-other');
    await expect(jwtVerify(token, createLocalJWKSet(other.jwks), { currentDate: now })).rejects.toBeInstanceOf(
      errors.JWKSNoMatchingKey,
    );
  });

  it('expires after the configured minutes', async () => {
    const keys = await keysFor('key-2');
    const token = await signSessionToken(keys, subject, { issuer: 'x', ttlMinutes: 30, now });
    const jwks = createLocalJWKSet(keys.jwks);
    await expect(jwtVerify(token, jwks, { currentDate: new Date(now.getTime() + 29 * 60_000) })).resolves.toBeTruthy();
    await expect(jwtVerify(token, jwks, { currentDate: new Date(now.getTime() + 30 * 60_000) })).rejects.toBeInstanceOf(
      errors.JWTExpired,
    );
    const verify = createTokenVerifier(jwks, { issuer: 'x', maxLifetimeSeconds: 3600, now: () => new Date(now.getTime() + 31 * 60_000) });
    await expect(verify(token)).rejects.toMatchObject({
      statusCode: 401,
      message: 'Your session has expired. Please log in again.',
    });
  });

  it('forgets verified callers once their 5 minutes are over, not only when 10,000 newer ones push them out', async () => {
    const keys = await keysFor('key-4');
    let at = now.getTime();
    const verify = createTokenVerifier(createLocalJWKSet(keys.jwks), { issuer: 'x', maxLifetimeSeconds: 3600, now: () => new Date(at) });
    const signedNow = (sessionId: string) => signSessionToken(keys, { ...subject, sessionId }, { issuer: 'x', ttlMinutes: 30, now: new Date(at) });
    await verify(await signedNow('ended-1'));
    await verify(await signedNow('ended-2'));
    at += 3 * 60_000;
    const active = await signedNow('active');
    await verify(active);
    expect(verify.remembered()).toBe(3);
    at += 3 * 60_000;
    await verify(await signedNow('new'));
    // The two verified 6 minutes ago are gone; the one from 3 minutes ago is still remembered.
    expect(verify.remembered()).toBe(2);
    await expect(verify(active)).resolves.toMatchObject({ sessionId: 'active' });
    expect(verify.remembered()).toBe(2);
  });

  it('is what the billing side reads its caller from', async () => {
    const keys = await keysFor('key-3');
    const token = await signSessionToken(keys, subject, { issuer: 'x', ttlMinutes: 30, now });
    const caller = await createTokenVerifier(createLocalJWKSet(keys.jwks), { issuer: 'x', maxLifetimeSeconds: 3600, now: () => now })(token);
    expect(caller).toEqual({
      userId: subject.userId,
      sessionId: 'session-abc',
      name: 'Pat Lee',
      roles: ['Admin'],
      accountIds: [12n, 7n],
      isStaff: true,
      isAdmin: true,
    });
  });

  it('is refused when another issuer signed it with our key, when it is older than a session may live, or made to live longer', async () => {
    const keys = await keysFor('key-4');
    const jwks = createLocalJWKSet(keys.jwks);
    const rules = { issuer: 'https://portal.example/a', maxLifetimeSeconds: 480 * 60, now: () => now };
    const verify = createTokenVerifier(jwks, rules);
    const ours = await signSessionToken(keys, subject, { issuer: rules.issuer, ttlMinutes: 480, now });
    await expect(verify(ours)).resolves.toMatchObject({ name: 'Pat Lee' });
    const foreign = await signSessionToken(keys, subject, { issuer: 'https://elsewhere.example/a', ttlMinutes: 480, now });
    await expect(verify(foreign)).rejects.toMatchObject({ statusCode: 401 });
    const thirtyDays = await signSessionToken(keys, subject, { issuer: rules.issuer, ttlMinutes: 30 * 24 * 60, now });
    await expect(verify(thirtyDays)).rejects.toMatchObject({ statusCode: 401 });
    const old = await signSessionToken(keys, subject, { issuer: rules.issuer, ttlMinutes: 30 * 24 * 60, now: new Date(now.getTime() - 20 * 24 * 3600_000) });
    await expect(verify(old)).rejects.toMatchObject({ statusCode: 401 });
  });
});
