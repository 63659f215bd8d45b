import { describe, expect, it } from 'vitest';
import { grantedScopes, hashClientSecret, presentedCredentials, secretMatches } from './credentials';

const basic = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;

describe('the credentials of a token request', () => {
  it.each([
    ['Basic', basic('pc_a:pcs_b'), {}, { clientId: 'pc_a', clientSecret: 'pcs_b', method: 'client_secret_basic' }],
    // RFC 6749 §2.3.1: the id and secret are form-encoded before base64.
    ['Basic, form-encoded', basic('pc%3Aa:p+c%25s'), {}, { clientId: 'pc:a', clientSecret: 'p c%s', method: 'client_secret_basic' }],
    ['form fields', undefined, { client_id: 'pc_a', client_secret: 'pcs_b' }, { clientId: 'pc_a', clientSecret: 'pcs_b', method: 'client_secret_post' }],
    ['nothing', undefined, {}, { problem: 'none' }],
    ['both methods', basic('pc_a:pcs_b'), { client_id: 'pc_a' }, { problem: 'both' }],
    ['Basic without a colon', basic('pc_a'), {}, { problem: 'malformed' }],
    ['Basic with an empty secret', basic('pc_a:'), {}, { problem: 'malformed' }],
    ['a bad escape', basic('pc_a:%E0%A4%A'), {}, { problem: 'malformed' }],
    ['an id without a secret', undefined, { client_id: 'pc_a' }, { problem: 'malformed' }],
    ['a repeated field', undefined, { client_id: ['pc_a', 'pc_b'], client_secret: 'x' }, { problem: 'malformed' }],
  ] as const)('%s', (_name, authorization, fields, expected) => {
    expect(presentedCredentials(authorization, fields)).toEqual(expected);
  });

  it('matches a secret only against its own hash', () => {
    expect(secretMatches('pcs_one', [hashClientSecret('pcs_two'), hashClientSecret('pcs_one')])).toBe(true);
    expect(secretMatches('pcs_one', [hashClientSecret('pcs_two')])).toBe(false);
    expect(secretMatches('pcs_one', [])).toBe(false);
  });
});

describe('the scopes a token gets', () => {
  const allowed = ['invoices:write', 'usage:write'];
  it.each([
    [undefined, allowed],
    ['', allowed],
    ['usage:write', ['usage:write']],
    ['usage:write  invoices:write usage:write', allowed],
    ['usage:write accounts:write', null],
    ['everything', null],
  ])('asked %j → %j', (requested, expected) => {
    expect(grantedScopes(requested, allowed)).toEqual(expected);
  });
});
