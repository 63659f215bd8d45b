import { describe, expect, it } from 'vitest';
import { attachment, formatDate, formatMoney, formatPeriod, formatQuantity, safeFileName } from '../../lib/document-format';
import { checkDocumentLink, signDocument } from '../../lib/document-signature';
import { taxRegistrationsFor } from '../../lib/tax-registrations';
import { billToLines } from '../invoices';
import { cdrCopyStatement, timeZoneStatement } from './cdr-export';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

describe('document link signatures', () => {
  const expires = 1_750_000_600;
  const sig = signDocument(KEY, { invoiceId: 42n, kind: 'pdf', expires });

  it.each<[string, Parameters<typeof checkDocumentLink>[1], number, string, Buffer?]>([
    ['a fresh link', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig }, expires - 1, 'valid'],
    ['a link at its expiry second', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig }, expires, 'valid'],
    ['a link past its expiry', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig }, expires + 1, 'expired'],
    ['another invoice', { invoiceId: 43n, kind: 'pdf', expires: String(expires), sig }, expires - 1, 'invalid'],
    ['another document', { invoiceId: 42n, kind: 'cdrs', expires: String(expires), sig }, expires - 1, 'invalid'],
    ['a moved expiry', { invoiceId: 42n, kind: 'pdf', expires: String(expires + 60), sig }, expires - 1, 'invalid'],
    ['an expired forgery (never says expired)', { invoiceId: 43n, kind: 'pdf', expires: String(expires), sig }, expires + 1, 'invalid'],
    ['no signature', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig: undefined }, expires - 1, 'invalid'],
    ['no expiry', { invoiceId: 42n, kind: 'pdf', expires: undefined, sig }, expires - 1, 'invalid'],
    ['a malformed expiry', { invoiceId: 42n, kind: 'pdf', expires: '1e9', sig }, expires - 1, 'invalid'],
    ['a short signature', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig: sig.slice(1) }, expires - 1, 'invalid'],
    ['another server secret', { invoiceId: 42n, kind: 'pdf', expires: String(expires), sig }, expires - 1, 'invalid', OTHER_KEY],
  ])('%s is %s', (_name, link, now, expected, key = KEY) => {
    expect(checkDocumentLink(key, link, now)).toBe(expected);
  });
});

describe('document formatting', () => {
  it.each([
    ['1234.50', 'CAD', '$1,234.50'],
    ['-5.00', 'USD', '-$5.00'],
    ['1234.50', 'GBP', '£1,234.50'],
    ['1234.50', 'EUR', '1.234,50\u00a0€'],
  ])('formats %s %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it.each([
    ['2025-01-05', 'Jan 5, 2025'],
    [new Date('2025-12-31T23:30:00Z'), 'Dec 31, 2025'],
    ['2025-12-31T23:30:00-05:00', 'Jan 1, 2026'],
  ])('formats the date %s as %s (UTC)', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it.each([
    ['2025-01-01', '2025-01-31', 'Jan 1 – Jan 31, 2025'],
    ['2024-12-15', '2025-01-14', 'Dec 15, 2024 – Jan 14, 2025'],
    ['2025-03-02', '2025-03-02', 'Mar 2, 2025'],
  ])('formats the period %s–%s', (start, end, text) => {
    expect(formatPeriod(start, end)).toBe(text);
  });

  it.each([
    ['1.000', '1'],
    ['12.500', '12.5'],
    ['10', '10'],
    ['0.125', '0.125'],
  ])('formats the quantity %s as %s', (quantity, text) => {
    expect(formatQuantity(quantity)).toBe(text);
  });

  it.each([
    ['Invoice-INV-2025-01.pdf', 'Invoice-INV-2025-01.pdf'],
    ['Invoice-INV/2025 "01".pdf', 'Invoice-INV_2025_01_.pdf'],
    ['CDRs-é.csv', 'CDRs-_.csv'],
    ['', 'document'],
  ])('makes %j a safe file name', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
    expect(attachment(name)).toBe(`attachment; filename="${safe}"; filename*=UTF-8''${safe}`);
  });
});

describe('billToLines', () => {
  const row = {
    customerNo: 'C1',
    name: 'n',
    invoiceName: null,
    invoiceEmailAddress: null,
    language: 'English' as const,
    billDelivery: 'emailLink' as const,
    streetNumber: '100',
    streetName: 'King St W',
    city: 'Toronto',
    province: 'ON',
    postal: 'M5X 1A9',
    country: 'CA',
    hasAddress: true,
    timeZone: 'America/Toronto',
  };
  it.each([
    [{}, ['100 King St W', 'Toronto, Ontario  M5X 1A9', 'Canada']],
    [{ province: 'QC', city: 'Montréal', language: 'French' as const }, ['100 King St W', 'Montréal, Québec  M5X 1A9', 'Canada']],
    [{ country: 'DE', province: 'BY', language: 'French' as const }, ['100 King St W', 'Toronto, Bavière  M5X 1A9', 'Allemagne']],
    [{ province: null }, ['100 King St W', 'Toronto, M5X 1A9', 'Canada']],
    [{ city: null, province: null, postal: null, country: null }, ['100 King St W']],
    [{ streetNumber: null, streetName: null, city: null, province: null, postal: null, country: null, hasAddress: false }, []],
  ])('prints %j', (overrides, lines) => {
    expect(billToLines({ ...row, ...overrides })).toEqual(lines);
  });
});

describe('cdrCopyStatement', () => {
  it('selects one invoice (and a keyset range) with digits only', () => {
    const whole = cdrCopyStatement(42n);
    expect(whole).toMatch(/ from cdrs where invoice_id = 42 order by invoice_id, id\) to stdout with \(format csv, header true\)$/);
    const chunk = cdrCopyStatement(42n, { after: 10n, through: 20n, header: false, target: `'/dev/blob'` });
    expect(chunk).toMatch(/ where invoice_id = 42 and id > 10 and id <= 20 order by invoice_id, id\) to '\/dev\/blob' with \(format csv, header false\)$/);
    expect(() => cdrCopyStatement(-1n)).toThrow(RangeError);
  });
});

describe('French document formatting (fr-CA)', () => {
  it.each([
    ['66.35', 'CAD', '66,35\u00a0$'],
    ['1234.50', 'CAD', '1\u00a0234,50\u00a0$'],
    ['42.05', 'USD', '42,05\u00a0$\u00a0US'],
  ])('formats %s %s as %j', (amount, currency, text) => {
    expect(formatMoney(amount, currency, 'fr')).toBe(text);
  });

  it.each([
    ['2026-11-24', '24 nov. 2026'],
    ['2025-02-01', '1 févr. 2025'],
  ])('formats the date %s as %s', (value, text) => {
    expect(formatDate(value, 'fr')).toBe(text);
  });

  it.each([
    ['2025-01-01', '2025-01-31', '1 janv. – 31 janv. 2025'],
    ['2024-12-15', '2025-01-14', '15 déc. 2024 – 14 janv. 2025'],
  ])('formats the period %s–%s', (start, end, text) => {
    expect(formatPeriod(start, end, 'fr')).toBe(text);
  });

  it('writes quantities with a decimal comma', () => {
    expect(formatQuantity('12.500', 'fr')).toBe('12,5');
  });
});

describe('tax registrations on an invoice', () => {
  const numbers = { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001' };
  it.each<[string, { country: string | null; province: string | null }, typeof numbers | { gstHst?: string }, string[]]>([
    ['Quebec: GST/HST and QST', { country: 'CA', province: 'QC' }, numbers, ['gstHst', 'qst']],
    ['Ontario: GST/HST only', { country: 'CA', province: 'ON' }, numbers, ['gstHst']],
    ['United States: none', { country: 'US', province: 'NY' }, numbers, []],
    ['no address: none', { country: null, province: null }, numbers, []],
    ['Quebec without a configured QST', { country: 'CA', province: 'QC' }, { gstHst: numbers.gstHst }, ['gstHst']],
  ])('%s', (_name, address, configured, kinds) => {
    expect(taxRegistrationsFor(address, configured).map((r) => r.kind)).toEqual(kinds);
  });
});

describe('the CDR select list', () => {
  it('sets only a time zone name (SET takes no parameters)', () => {
    expect(() => timeZoneStatement("UTC'; drop table cdrs; --")).toThrow(RangeError);
    expect(timeZoneStatement('America/St_Johns')).toBe(`set timezone to 'America/St_Johns'`);
    expect(timeZoneStatement('America/St_Johns', { local: true })).toBe(`set local timezone to 'America/St_Johns'`);
  });

  it('prints times with their offset and the header in the language', () => {
    expect(cdrCopyStatement(1n, { csv: { language: 'fr', timeZone: 'America/Toronto' } })).toMatch(
      /^copy \(select to_char\(started_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'\) as "Date\/heure",/,
    );
  });
});
