import { currencyLocale, formatCurrency, formatDate, parseDate, toIsoDate } from './format';

describe('formatCurrency (spec §9)', () => {
  it.each([
    // amount, currency, options, expected
    [1234.5, 'USD', {}, '$1,234.50'],
    [-1234.5, 'USD', {}, '$1,234.50'],
    [0, 'USD', {}, '$0.00'],
    [99.9, 'CAD', {}, '$99.90'],
    [99.9, 'CAD', { invoiceDetail: true }, 'CA$99.90'],
    [99.9, 'USD', { invoiceDetail: true }, '$99.90'],
    [1234.5, 'GBP', {}, '£1,234.50'],
    [1234.5, 'EUR', {}, '1.234,50\u00a0€'],
    [10, 'XYZ', {}, '$10.00'],
    [10, null, {}, '$10.00'],
  ] as const)('%d %s %o → %s', (amount, currency, options, expected) => {
    expect(formatCurrency(amount, currency, options)).toBe(expected);
  });

  it('uses fr-CA number formats in French for every currency', () => {
    expect(formatCurrency(-1234.5, 'CAD', { language: 'fr' })).toBe('1\u00a0234,50\u00a0$');
    expect(currencyLocale('EUR', { language: 'fr' })).toBe('fr-CA');
  });
});

describe('parseDate', () => {
  it('reads YYYY-MM-DD as that local calendar day (no time-zone shift)', () => {
    const date = parseDate('2025-05-30');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2025, 4, 30, 0]);
    expect(toIsoDate(date)).toBe('2025-05-30');
  });

  it('reads date-times as instants', () => {
    expect(parseDate('2025-05-30T12:00:00Z').toISOString()).toBe('2025-05-30T12:00:00.000Z');
  });
});

describe('formatDate (spec §9)', () => {
  it.each([
    ['2025-01-05', 'list', 'en', '5 Jan 2025'],
    ['2025-01-05', 'detail', 'en', 'Jan 5, 2025'],
    ['2025-01-05', 'long', 'en', 'January 5, 2025'],
    ['2025-04-19', 'long', 'en', 'April 19, 2025'],
    ['2025-01-05', 'long', 'fr', '5 janvier 2025'],
    ['2025-01-05', 'list', 'fr', '5 janv. 2025'],
    ['2025-09-30', 'list', 'en', '30 Sep 2025'],
    ['2025-12-31T23:30:00', 'detail', 'en', 'Dec 31, 2025'],
    [null, 'list', 'en', '-'],
    ['', 'list', 'en', '-'],
    ['not a date', 'list', 'en', '-'],
  ] as const)('%s as %s in %s → %s', (value, style, language, expected) => {
    expect(formatDate(value, style, language)).toBe(expected);
  });
});
