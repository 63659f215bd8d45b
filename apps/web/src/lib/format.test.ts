import { currencyLocale, currencyMustBeNamed, formatCurrency, formatDate, formatDateTime, parseDate, toIsoDate } from './format';

describe('formatCurrency', () => {
  it.each([
    // amount, currency, options, expected
    [1234.5, 'USD', {}, 'US$1,234.50'],
    [-1234.5, 'USD', {}, 'US$1,234.50'],
    [0, 'USD', {}, 'US$0.00'],
    [99.9, 'CAD', {}, '$99.90'],
    [99.9, 'CAD', { invoiceDetail: true }, 'CA$99.90'],
    [99.9, 'USD', { invoiceDetail: true }, 'US$99.90'],
    [1234.5, 'GBP', {}, '£1,234.50'],
    [1234.5, 'EUR', {}, '1.234,50\u00a0€'],
    [10, 'XYZ', {}, 'US$10.00'],
    [10, null, {}, 'US$10.00'],
  ] as const)('%d %s %o → %s', (amount, currency, options, expected) => {
    expect(formatCurrency(amount, currency, options)).toBe(expected);
  });

  it('uses fr-CA number formats in French for every currency', () => {
    expect(formatCurrency(-1234.5, 'CAD', { language: 'fr' })).toBe('1\u00a0234,50\u00a0$');
    expect(currencyLocale('EUR', { language: 'fr' })).toBe('fr-CA');
  });
});

describe('currencyMustBeNamed (docs/decisions/0014-languages-of-what-customers-receive.md: an unambiguous currency)', () => {
  it.each([
    ['CAD', [], false],
    ['CAD', ['CAD'], false],
    ['CAD', ['CAD', 'USD'], true],
    ['CAD', ['USD'], true],
    ['CAD', 'many', true],
    ['USD', [], true],
    ['USD', ['USD'], true],
    ['GBP', ['GBP'], true],
  ] as const)('%s seeing %j → %s', (currency, seen, named) => {
    expect(currencyMustBeNamed(currency, seen)).toBe(named);
  });
});

describe('formatCurrency names the currency when it must', () => {
  it.each([
    // amount, currency, language, seen, expected
    [42.05, 'CAD', 'en', [], '$42.05'],
    [42.05, 'CAD', 'fr', ['CAD'], '42,05\u00a0$'],
    [42.05, 'USD', 'en', [], 'US$42.05'],
    [42.05, 'USD', 'fr', [], '42,05\u00a0$\u00a0US'],
    [42.05, 'CAD', 'en', ['CAD', 'USD'], 'CA$42.05'],
    [42.05, 'CAD', 'fr', ['CAD', 'USD'], '42,05\u00a0$\u00a0CA'],
    [42.05, 'USD', 'en', ['CAD', 'USD'], 'US$42.05'],
    [1234.5, 'CAD', 'en', 'many', 'CA$1,234.50'],
    [1234.5, 'USD', 'fr', 'many', '1\u00a0234,50\u00a0$\u00a0US'],
    // £ and € say which currency they are already.
    [1234.5, 'GBP', 'en', 'many', '£1,234.50'],
    [1234.5, 'EUR', 'en', ['CAD', 'EUR'], '1.234,50\u00a0€'],
  ] as const)('%d %s in %s seeing %j → %s', (amount, currency, language, seen, expected) => {
    expect(formatCurrency(amount, currency, { language, seen })).toBe(expected);
  });

  it('keeps the invoice detail form (CA$) for CAD whatever the reader sees', () => {
    expect(formatCurrency(99.9, 'CAD', { invoiceDetail: true, seen: ['CAD'] })).toBe('CA$99.90');
    expect(formatCurrency(99.9, 'CAD', { invoiceDetail: true, seen: ['CAD', 'USD'] })).toBe('CA$99.90');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the time of day in the reader\'s language', () => {
    const instant = new Date(2025, 5, 10, 8, 5);
    expect(formatDateTime(instant, 'en')).toMatch(/^Jun 10, 2025, 8:05\sAM$/);
    expect(formatDateTime(instant, 'fr')).toMatch(/^10 juin 2025, 08 h 05$/);
    expect(formatDateTime(instant, 'en', 'list')).toMatch(/^10 Jun 2025, 8:05\sAM$/);
    expect(formatDateTime(new Date(2026, 11, 1, 21, 46), 'fr')).toMatch(/^1er déc\. 2026, 21 h 46$/);
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
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

describe('formatDate', () => {
  it.each([
    ['2025-01-05', 'list', 'en', '5 Jan 2025'],
    ['2025-01-05', 'detail', 'en', 'Jan 5, 2025'],
    ['2025-01-05', 'long', 'en', 'January 5, 2025'],
    ['2025-04-19', 'long', 'en', 'April 19, 2025'],
    ['2025-01-05', 'long', 'fr', '5 janvier 2025'],
    ['2025-01-05', 'list', 'fr', '5 janv. 2025'],
    ['2025-09-30', 'list', 'en', '30 Sep 2025'],
    ['2026-12-01', 'list', 'fr', '1er déc. 2026'],
    ['2026-12-01', 'long', 'fr', '1er décembre 2026'],
    ['2026-12-01', 'list', 'en', '1 Dec 2026'],
    ['2026-12-11', 'list', 'fr', '11 déc. 2026'],
    ['2025-12-31T23:30:00', 'detail', 'en', 'Dec 31, 2025'],
    [null, 'list', 'en', '-'],
    ['', 'list', 'en', '-'],
    ['not a date', 'list', 'en', '-'],
  ] as const)('%s as %s in %s → %s', (value, style, language, expected) => {
    expect(formatDate(value, style, language)).toBe(expected);
  });
});
