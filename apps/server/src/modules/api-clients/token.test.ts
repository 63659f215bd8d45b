/**
 * The client token verifier: a token is checked against the keys once and then remembered, still refused
 * from its expiry on; a token whose signature fails is never remembered.
 */
import { describe, expect, it } from 'vitest';
import { generateKeyPair, type JWTVerifyGetKey } from 'jose';
import { CLIENT_TOKEN_TTL_SECONDS } from '@portal/contract';
import { SIGNING_ALGORITHM } from '../../lib/signing-keys';
import { ClientTokenError, createClientTokenVerifier, signClientToken } from './token';

const ISSUER = 'https://portal.example/a';
const START = new Date('2026-12-03T09:00:00Z');

const setUp = async () => {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM);
  let keyLookups = 0;
  const keys: JWTVerifyGetKey = async () => {
    keyLookups += 1;
    return publicKey;
  };
  let now = START;
  const verify = createClientTokenVerifier(keys, { issuer: ISSUER, now: () => now });
  const token = await signClientToken({ current: { kid: 'k1', privateKey }, jwks: { keys: [] } }, { clientId: 'cl_1', scopes: ['invoices:write'] }, { issuer: ISSUER, now: START });
  return { verify, token, keyLookups: () => keyLookups, setNow: (at: Date) => (now = at) };
};

describe('createClientTokenVerifier', () => {
  it('checks a token’s signature once, then answers it from memory until it expires', async () => {
    const { verify, token, keyLookups, setNow } = await setUp();
    const first = await verify(token);
    expect(first).toEqual({ clientId: 'cl_1', scopes: ['invoices:write'], expiresAt: new Date(START.getTime() + CLIENT_TOKEN_TTL_SECONDS * 1000) });
    setNow(new Date(first.expiresAt.getTime() - 1));
    expect(await verify(token)).toEqual(first);
    expect(keyLookups()).toBe(1);
    setNow(first.expiresAt);
    await expect(verify(token)).rejects.toEqual(new ClientTokenError(true));
    // Forgotten once expired: jose refuses it as expired too.
    await expect(verify(token)).rejects.toEqual(new ClientTokenError(true));
    expect(keyLookups()).toBe(2);
  });

  it('never remembers a token that failed its check', async () => {
    const { verify, token, keyLookups } = await setUp();
    const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expect(verify(tampered)).rejects.toEqual(new ClientTokenError(false));
    await expect(verify(tampered)).rejects.toEqual(new ClientTokenError(false));
    expect(keyLookups()).toBe(2);
  });
});
