import { describe, expect, it } from 'vitest';
import { AccountEditFormSchema, BILLING_MESSAGES, checkAddress, checkContact, formatPhone, normalizePhone, normalizePostal } from './billing-details';
import { ADDRESS_FIELD_LENGTHS, ADDRESS_FIELDS, AddressSchema, addressFieldsOf } from './accounts';
import { countryName, subdivisionName } from './regions';

const ADDRESS = { streetNumber: '12', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5V 2T6', country: 'CA' };

describe('postal codes per country', () => {
  it.each([
    ['CA', 'm5v2t6', 'M5V 2T6'],
    ['CA', ' K1A   0B1 ', 'K1A 0B1'],
    ['CA', '12345', null],
    ['US', '90210', '90210'],
    ['US', '90210-1234', '90210-1234'],
    ['US', '99999999999', null],
    ['US', 'ABCDE', null],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'SW1A 1AA', 'SW1A 1AA'],
    ['GB', '12345', null],
    ['FR', '75001', '75001'],
    ['FR', '7500', null],
    ['DE', '10115', '10115'],
    ['DE', '1011', null],
    ['AU', '2000', '2000'],
    ['AU', '20000', null],
  ] as const)('%s %j → %j', (country, postal, expected) => {
    expect(normalizePostal(postal, country)).toBe(expected);
  });
});

describe('phone numbers', () => {
  it.each([
    ['(416) 555-0134', 'CA', '+14165550134'],
    ['+1 416 555 0134', null, '+14165550134'],
    ['416.555.0134', 'US', '+14165550134'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['555', 'CA', null],
    ['not a phone', 'CA', null],
    ['020 7946 0958', null, null],
  ] as const)('%j in %s → %j', (phone, country, expected) => {
    expect(normalizePhone(phone, country)).toBe(expected);
  });
  it('shows a stored number in its national form at home, international abroad', () => {
    expect(formatPhone('+14165550134', 'CA')).toBe('(416) 555-0134');
    expect(formatPhone('+442079460958', 'CA')).toBe('+44 20 7946 0958');
  });
});

describe('checkAddress', () => {
  it('accepts and normalises a good address', () => {
    expect(checkAddress({ ...ADDRESS, streetName: '  King St W ', postal: 'm5v2t6', province: 'on', country: 'ca' })).toEqual({
      values: ADDRESS,
      problems: {},
    });
  });
  it.each([
    ['blank street', { streetName: '  ' }, { streetName: BILLING_MESSAGES.required }],
    ['blank city', { city: '' }, { city: BILLING_MESSAGES.required }],
    ['no country', { country: null }, { country: BILLING_MESSAGES.required }],
    ['Narnia', { country: 'Narnia' }, { country: BILLING_MESSAGES.country }],
    ['a province that is not one', { province: 'Ontario!!' }, { province: BILLING_MESSAGES.province }],
    ['no province in Canada', { province: null }, { province: BILLING_MESSAGES.required }],
    ['a US postal in Canada', { postal: '99999999999' }, { postal: BILLING_MESSAGES.postal }],
    ['no postal in Canada', { postal: null }, { postal: BILLING_MESSAGES.required }],
    ['a state list in the US', { country: 'US', province: 'XX', postal: '10001' }, { province: BILLING_MESSAGES.province }],
    ['Toronto, British Columbia, M4J 2K7', { city: 'Toronto', province: 'BC', postal: 'M4J 2K7' }, { postal: BILLING_MESSAGES.postalRegion }],
    ['a New York ZIP Code in California', { country: 'US', province: 'CA', postal: '10001' }, { postal: BILLING_MESSAGES.postalRegion }],
    ['a bad postal code: its format is the problem', { province: 'BC', postal: '12345' }, { postal: BILLING_MESSAGES.postal }],
    ['a province not in the list: the province is the problem', { province: 'XX', postal: 'M4J 2K7' }, { province: BILLING_MESSAGES.province }],
    ['a French region', { country: 'FR', province: 'IDF', postal: '75001' }, {}],
    ['free text where there is no list', { country: 'IE', province: 'County Dublin', postal: 'D02 X285' }, {}],
  ] as const)('%s', (_, change, problems) => {
    expect(checkAddress({ ...ADDRESS, ...change }).problems).toEqual(problems);
  });
});

describe('checkContact', () => {
  const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@example.com', primaryPhone: '(416) 555-0134' };
  it('stores the phone E.164', () => {
    expect(checkContact(CONTACT, 'CA')).toEqual({ values: { ...CONTACT, primaryPhone: '+14165550134' }, problems: {} });
  });
  it.each([
    [{ firstName: ' ' }, { firstName: BILLING_MESSAGES.required }],
    [{ lastName: null }, { lastName: BILLING_MESSAGES.required }],
    [{ primaryEmail: 'ada@' }, { primaryEmail: BILLING_MESSAGES.email }],
    [{ primaryPhone: '12' }, { primaryPhone: BILLING_MESSAGES.phone }],
  ])('%j', (change, problems) => {
    expect(checkContact({ ...CONTACT, ...change }, 'CA').problems).toEqual(problems);
  });
});

describe('the edit form', () => {
  const FORM = {
    language: 'English',
    invoiceEmail: '',
    contactFirstName: 'Ada',
    contactLastName: 'Lovelace',
    contactEmail: '',
    contactPhone: '',
    ...ADDRESS,
  };
  it('reports each bad field under its own name', () => {
    const result = AccountEditFormSchema.safeParse({ ...FORM, contactFirstName: '', country: 'Narnia', contactPhone: 'x' });
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ contactFirstName: BILLING_MESSAGES.required, country: BILLING_MESSAGES.country, contactPhone: BILLING_MESSAGES.phone });
  });
  it('accepts a good form', () => {
    expect(AccountEditFormSchema.safeParse(FORM).success).toBe(true);
  });
  it('refuses Toronto, British Columbia, M4J 2K7 on the postal field', () => {
    const result = AccountEditFormSchema.safeParse({ ...FORM, city: 'Toronto', province: 'BC', postal: 'M4J 2K7' });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['postal', BILLING_MESSAGES.postalRegion]]);
    expect(AccountEditFormSchema.safeParse({ ...FORM, city: 'Vancouver', province: 'BC', postal: 'V6B 1A1' }).success).toBe(true);
  });
});

describe('the address shape', () => {
  it.each(ADDRESS_FIELDS)('%s: the wire and the edit form take the same longest text', (field) => {
    const max = ADDRESS_FIELD_LENGTHS[field];
    for (const schema of [AddressSchema.shape[field], AccountEditFormSchema.shape[field]]) {
      expect(schema.safeParse('x'.repeat(max)).success).toBe(true);
      expect(schema.safeParse('x'.repeat(max + 1)).success).toBe(false);
    }
  });

  it('takes the address fields of a row and nothing else', () => {
    const row = { ...ADDRESS, id: 7n, accountId: 3n, createdAt: new Date() };
    expect(addressFieldsOf(row)).toEqual(ADDRESS);
  });
});

describe('names, not codes', () => {
  it.each([
    ['CA', 'en', 'Canada'],
    ['DE', 'fr', 'Allemagne'],
    ['Narnia', 'en', 'Narnia'],
  ])('country %s in %s', (code, locale, name) => expect(countryName(code, locale)).toBe(name));
  it.each([
    ['CA', 'QC', 'en', 'Quebec'],
    ['CA', 'QC', 'fr', 'Québec'],
    ['US', 'NY', 'fr', 'New York'],
    ['IE', 'County Dublin', 'en', 'County Dublin'],
  ])('subdivision %s-%s in %s', (country, code, locale, name) => expect(subdivisionName(country, code, locale)).toBe(name));
});
