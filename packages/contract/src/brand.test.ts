import { describe, expect, it } from 'vitest';
import { brandFromEnv, DEFAULT_BRAND } from './brand';

describe('brandFromEnv', () => {
  it('gives the defaults without BRAND_* variables, and ignores empty ones', () => {
    expect(brandFromEnv({})).toEqual(DEFAULT_BRAND);
    expect(brandFromEnv({ BRAND_NAME: '', BRAND_ADDRESS: '' })).toEqual(DEFAULT_BRAND);
  });

  it('takes each variable over its default, the address as lines separated by |', () => {
    expect(
      brandFromEnv({
        BRAND_NAME: ' Northern Mobile ',
        BRAND_LOGO_URL: '/brand/logo.svg',
        BRAND_SUPPORT_PHONE: '+1 (514) 555-0100',
        BRAND_SUPPORT_EMAIL: 'aide@northern.example',
        BRAND_WEBSITE: 'northern.example',
        BRAND_ADDRESS: '1 rue du Port | Montréal (Québec) H2Y 1A1|Canada',
        BRAND_ACCENT: '#0F766E',
      }),
    ).toEqual({
      name: 'Northern Mobile',
      logoUrl: '/brand/logo.svg',
      supportPhone: '+1 (514) 555-0100',
      supportEmail: 'aide@northern.example',
      website: 'northern.example',
      addressLines: ['1 rue du Port', 'Montréal (Québec) H2Y 1A1', 'Canada'],
      accent: '#0F766E',
    });
  });

  it.each([
    [{ BRAND_SUPPORT_EMAIL: 'not an email' }, 'BRAND_SUPPORT_EMAIL'],
    [{ BRAND_SUPPORT_PHONE: 'call us' }, 'BRAND_SUPPORT_PHONE'],
    [{ BRAND_ACCENT: 'blue' }, 'BRAND_ACCENT'],
    [{ BRAND_LOGO_URL: 'https://cdn.example/logo.svg' }, 'BRAND_LOGO_URL'],
    [{ BRAND_LOGO_URL: '/logo.svg" onerror="x' }, 'BRAND_LOGO_URL'],
    [{ BRAND_NAME: 'x'.repeat(81) }, 'BRAND_NAME'],
    [{ BRAND_ADDRESS: 'a|b|c|d|e|f' }, 'BRAND_ADDRESS'],
  ])('refuses %j, naming the variable', (env, variable) => {
    expect(() => brandFromEnv(env)).toThrow(new RegExp(`^Invalid brand configuration: .*${variable}: `));
  });

  it('names every wrong variable at once', () => {
    expect(() => brandFromEnv({ BRAND_ACCENT: 'red', BRAND_SUPPORT_EMAIL: 'x' })).toThrow(/BRAND_SUPPORT_EMAIL: .*; BRAND_ACCENT: |BRAND_ACCENT: .*; BRAND_SUPPORT_EMAIL: /);
  });
});
