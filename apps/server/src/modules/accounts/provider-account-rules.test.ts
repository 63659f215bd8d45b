import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, INVALID_DETAILS_MESSAGE } from '@portal/contract/billing-details';
import { CLOSED_ACCOUNT_DOCUMENT_DAYS, ProviderAccountInputSchema, type ProviderAccountInput } from '@portal/contract';
import { HttpError } from '../../errors';
import { checkProviderDetails, currencyChangeRefused, diffProviderColumns, documentsUntil, providerColumnsOf } from './provider-account-rules';

const input = (overrides: Partial<ProviderAccountInput> = {}) =>
  ProviderAccountInputSchema.parse({
    name: 'Lee Household',
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    billingContact: { firstName: 'Pat', lastName: 'Lee', primaryPhone: '416 555 0134' },
    billingAddress: { streetName: 'King St W', city: 'Toronto', province: 'on', postal: 'm5x1a9', country: 'ca' },
    ...overrides,
  });

const problemsOf = (overrides: Partial<ProviderAccountInput>): Record<string, string> | undefined => {
  try {
    checkProviderDetails(input(overrides));
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(INVALID_DETAILS_MESSAGE);
    return (error as HttpError).fields;
  }
};

describe('checkProviderDetails', () => {
  it('normalises as the form does: codes upper case, postal in its country’s form, phone E.164', () => {
    expect(checkProviderDetails(input())).toEqual({
      address: { streetNumber: null, streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
      contact: { firstName: 'Pat', lastName: 'Lee', primaryEmail: null, primaryPhone: '+14165550134' },
    });
  });

  it.each([
    [{ billingAddress: { streetName: 'Main', city: 'Toronto', province: 'XX', postal: 'M5X 1A9', country: 'CA' } }, { 'billingAddress.province': BILLING_MESSAGES.province }],
    [{ billingAddress: { streetName: 'Main', city: 'Toronto', province: 'ON', postal: '123', country: 'CA' } }, { 'billingAddress.postal': BILLING_MESSAGES.postal }],
    [{ billingAddress: { streetName: 'Main', city: 'Seattle', province: 'WA', postal: '10001', country: 'US' } }, { 'billingAddress.postal': BILLING_MESSAGES.postalRegion }],
    [{ billingContact: { firstName: null, lastName: 'Lee', primaryEmail: 'not-an-email' } }, { 'billingContact.firstName': BILLING_MESSAGES.required, 'billingContact.primaryEmail': BILLING_MESSAGES.email }],
  ] as [Partial<ProviderAccountInput>, Record<string, string>][])('%j → %j', (overrides, fields) => {
    expect(problemsOf(overrides)).toEqual(fields);
  });
});

describe('the account columns', () => {
  const stored = providerColumnsOf(input({ plan: { name: 'Max', lines: 2, allowances: { voiceMinutes: 100 } } }), 7n);

  it('differ in nothing for the same body, and only in what changed otherwise', () => {
    expect(diffProviderColumns(stored, providerColumnsOf(input({ plan: { name: 'Max', lines: 2, allowances: { voiceMinutes: 100 } } }), 7n))).toBeNull();
    expect(diffProviderColumns(stored, providerColumnsOf(input({ name: 'Lee Family' }), null))).toEqual({
      before: { name: 'Lee Household', parentId: 7n, planName: 'Max', planLines: 2, planVoiceMinutes: 100 },
      after: { name: 'Lee Family', parentId: null, planName: null, planLines: null, planVoiceMinutes: null },
    });
  });

  it.each([
    ['CAD', false, false],
    ['USD', false, false],
    ['CAD', true, false],
    ['USD', true, true],
  ] as const)('currency %s with invoices %s → refused %s', (currency, hasInvoices, refused) => {
    expect(currencyChangeRefused(stored, { ...stored, currency }, hasInvoices)).toBe(refused);
  });
});

it('keeps documents CLOSED_ACCOUNT_DOCUMENT_DAYS after the close', () => {
  expect(documentsUntil(new Date('2026-01-01T00:00:00Z')).getTime() - Date.parse('2026-01-01T00:00:00Z')).toBe(CLOSED_ACCOUNT_DOCUMENT_DAYS * 86_400_000);
});
