import { makeToken } from '@/test/utils';
import { accountIdsFromScopes, decodeSession } from './session';

describe('decodeSession', () => {
  it('exposes name, roles, scopes and the accounts of ac: scopes', () => {
    const session = decodeSession(
      makeToken({ name: 'Ana', roles: ['Staff'], scopes: ['ac:12', 'other', 'ac:9223372036854775807'] }),
    );
    expect(session).toMatchObject({
      name: 'Ana',
      roles: ['Staff'],
      scopes: ['ac:12', 'other', 'ac:9223372036854775807'],
      accounts: [12n, 9223372036854775807n],
      isStaff: true,
      isAdmin: false,
    });
  });

  it.each([
    [45, 45],
    [undefined, 30],
    [0, 30],
    ['45', 30],
  ])('reads the server idle timeout %j as %i minutes (30, the default, when missing or not a positive number)', (claim, minutes) => {
    expect(decodeSession(makeToken({ idleMinutes: claim }))?.idleMinutes).toBe(minutes);
  });

  it.each([
    [['Admin'], true, true],
    [['Staff'], true, false],
    [[], false, false],
    [['Customer'], false, false],
  ])('roles %j → isStaff %s, isAdmin %s', (roles, isStaff, isAdmin) => {
    expect(decodeSession(makeToken({ roles }))).toMatchObject({ isStaff, isAdmin });
  });

  it('treats undecodable, malformed and expired tokens as no session', () => {
    expect(decodeSession('garbage')).toBeNull();
    expect(decodeSession('a.b.c')).toBeNull();
    expect(decodeSession(makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBeNull();
    expect(decodeSession(makeToken({ roles: 'Admin' as unknown as string[] }))).toBeNull();
  });

  it('reads the accounts from the token’s ac:{id} scopes, ignoring anything else', () => {
    const scopes = ['ac:1', 'ac:01', 'ac:', 'ac:x', 'xac:2', 'ac:12345678901234567890', 'ac:18446744073709551615', 'ac:42'];
    expect(accountIdsFromScopes(scopes)).toEqual([1n, 1n, 42n]);
  });
});
