import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import { callbackFragment, displayNameOf, verifiedEmailOf } from './sso-rules';

describe('verifiedEmailOf', () => {
  it.each([
    [{ email: 'Pat@Example.com', email_verified: true }, 'pat@example.com'],
    [{ email: 'pat@example.com', email_verified: 'true' }, 'pat@example.com'],
    [{ email: 'pat@example.com', xms_edov: true }, 'pat@example.com'],
    [{ email: 'pat@example.com', xms_edov: 'true' }, 'pat@example.com'],
    [{ email: 'pat@example.com', email_verified: false }, null],
    [{ email: 'pat@example.com', email_verified: 'false', xms_edov: false }, null],
    [{ email: 'pat@example.com' }, null],
    [{ email_verified: true }, null],
    [{ email: 'not-an-email', email_verified: true }, null],
    [{ email: 42, email_verified: true }, null],
    [{ email: `${'a'.repeat(250)}@example.com`, email_verified: true }, null],
  ])('%o → %s', (claims, expected) => {
    expect(verifiedEmailOf(claims)).toBe(expected);
  });
});

describe('displayNameOf', () => {
  it.each([
    [{ name: ' Pat Lee ', given_name: 'P' }, 'Pat Lee'],
    [{ given_name: 'Pat', family_name: 'Lee' }, 'Pat Lee'],
    [{ preferred_username: 'pat@corp' }, 'pat@corp'],
    [{}, 'fallback@example.com'],
    [{ name: 'x'.repeat(300) }, 'x'.repeat(200)],
  ])('%o → %s', (claims, expected) => {
    expect(displayNameOf(claims, 'fallback@example.com')).toBe(expected);
  });
});

describe('callbackFragment', () => {
  it.each([
    [{ kind: 'success', token: 'jwt' }, { token: 'jwt' }],
    [{ kind: 'pending' }, { error: 'pending', error_description: AUTH_MESSAGES.awaitingApproval }],
    [{ kind: 'disabled' }, { error: 'disabled', error_description: AUTH_MESSAGES.accountDisabled }],
    [
      { kind: 'failed', message: 'Oops.' },
      { error: 'failed', error_description: 'Oops.' },
    ],
  ] as const)('%o', (result, fragment) => {
    expect(callbackFragment(result)).toEqual(fragment);
  });
});
