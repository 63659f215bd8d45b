import { describe, expect, it } from 'vitest';
import { sitePageUrl, withFragment } from './site-urls';

const ORIGIN = 'https://portal.example';

describe('sitePageUrl', () => {
  it.each([
    ['https://portal.example/reset-password', 'https://portal.example/reset-password'],
    ['https://portal.example/reset-password?lang=fr', 'https://portal.example/reset-password?lang=fr'],
    ['https://portal.example/reset-password#old=fragment', 'https://portal.example/reset-password'],
    ['https://PORTAL.example:443/reset-password', 'https://portal.example/reset-password'],
    ['/reset-password', 'https://portal.example/reset-password'],
    ['https://evil.example/reset-password', null],
    ['https://portal.example.evil.example/reset-password', null],
    ['http://portal.example/reset-password', null],
    ['https://portal.example:8443/reset-password', null],
    ['//evil.example/reset-password', null],
    ['https://portal.example@evil.example/reset-password', null],
    ['https://user:pw@portal.example/reset-password', null],
    ['https://portal.example/reset-password/', null],
    ['https://portal.example/other', null],
    ['javascript:alert(1)', null],
    ['http://[::1', null],
  ])('%s → %s', (raw, expected) => {
    expect(sitePageUrl(raw, ORIGIN, '/reset-password')?.toString() ?? null).toBe(expected);
  });
});

describe('withFragment', () => {
  it('puts the values in the fragment, encoded, replacing any there', () => {
    const page = new URL('https://portal.example/login-callback#x=1');
    expect(withFragment(page, { error: 'pending', error_description: 'Not yet & soon' })).toBe(
      'https://portal.example/login-callback#error=pending&error_description=Not+yet+%26+soon',
    );
    expect(page.hash).toBe('#x=1');
  });
});
