import type { AccountAddress, AccountContact, Address, Contact } from '@portal/contract';
import { accountDisplayName, accountTypeLabel, addressLines, contactName, currentBillingAddress, currentBillingContact, isCurrentLink } from './rules';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('isCurrentLink', () => {
  it.each([
    ['open-ended, started', '2025-01-01T00:00:00Z', null, true],
    ['not started yet', '2025-07-01T00:00:00Z', null, false],
    ['ended', '2024-01-01T00:00:00Z', '2025-06-01T00:00:00Z', false],
    ['covers now', '2024-01-01T00:00:00Z', '2025-12-31T00:00:00Z', true],
    ['starts exactly now', '2025-06-15T12:00:00Z', null, true],
    ['ends exactly now', '2024-01-01T00:00:00Z', '2025-06-15T12:00:00Z', true],
    ['bad start date', 'nope', null, false],
  ])('%s', (_name, startDate, endDate, expected) => {
    expect(isCurrentLink({ startDate, endDate }, NOW)).toBe(expected);
  });
});

const address = (id: bigint, streetName: string): Address => ({
  id,
  streetNumber: '12',
  streetName,
  city: 'Toronto',
  province: 'ON',
  postal: 'M5V 2T6',
  country: 'CA',
});
const addressLink = (
  addressId: bigint,
  type: AccountAddress['type'],
  startDate: string,
  endDate: string | null = null,
): AccountAddress => ({
  id: addressId + 100n,
  accountId: 1n,
  addressId,
  type,
  startDate,
  endDate,
});

describe('currentBillingAddress', () => {
  const addresses = [address(1n, 'Old Road'), address(2n, 'Main Street'), address(3n, 'Service Lane'), address(4n, 'Future Ave')];
  it('picks the Billing address whose period covers now, latest start first', () => {
    const details = {
      addresses,
      accountAddresses: [
        addressLink(1n, 'Billing', '2020-01-01T00:00:00Z', '2024-12-31T00:00:00Z'),
        addressLink(3n, 'Service', '2025-01-01T00:00:00Z'),
        addressLink(2n, 'Billing', '2025-01-01T00:00:00Z'),
        addressLink(4n, 'Billing', '2026-01-01T00:00:00Z'),
      ],
    };
    expect(currentBillingAddress(details, NOW)?.streetName).toBe('Main Street');
  });

  it('is null without a current Billing link', () => {
    expect(
      currentBillingAddress({ addresses, accountAddresses: [addressLink(3n, 'Service', '2025-01-01T00:00:00Z')] }, NOW),
    ).toBeNull();
  });
});

describe('currentBillingContact', () => {
  const contact = (id: bigint, firstName: string, primaryPhone: string | null = null): Contact => ({
    id,
    firstName,
    lastName: 'Doe',
    primaryEmail: `${firstName.toLowerCase()}@example.com`,
    primaryPhone,
  });
  const link = (
    contactId: bigint,
    type: AccountContact['type'],
    startDate: string,
    endDate: string | null = null,
  ): AccountContact => ({
    id: contactId + 50n,
    accountId: 1n,
    contactId,
    type,
    startDate,
    endDate,
  });
  it('picks the current Billing contact', () => {
    const details = {
      contacts: [contact(1n, 'Old'), contact(2n, 'Jane', '555-0100'), contact(3n, 'Tech')],
      accountContacts: [
        link(1n, 'Billing', '2020-01-01T00:00:00Z', '2025-01-01T00:00:00Z'),
        link(3n, 'Technical', '2025-01-01T00:00:00Z'),
        link(2n, 'Billing', '2025-01-01T00:00:00Z'),
      ],
    };
    expect(currentBillingContact(details, NOW)).toMatchObject({ firstName: 'Jane', primaryPhone: '555-0100' });
  });
});

describe('display helpers', () => {
  it.each([
    [{ invoiceName: 'Acme Billing', name: 'Acme' }, 'Acme Billing'],
    [{ invoiceName: null, name: 'Acme' }, 'Acme'],
    [{ invoiceName: '  ', name: 'Acme' }, 'Acme'],
  ])('accountDisplayName(%o) → %s', (account, expected) => {
    expect(accountDisplayName(account)).toBe(expected);
  });

  it('formats address lines with names in the locale and skips empty parts', () => {
    expect(addressLines(address(1n, 'Main Street'), 'en')).toEqual(['12 Main Street', 'Toronto, Ontario M5V 2T6', 'Canada']);
    expect(addressLines({ ...address(1n, 'Main Street'), province: 'QC', city: 'Montréal' }, 'fr')).toEqual([
      '12 Main Street',
      'Montréal, Québec M5V 2T6',
      'Canada',
    ]);
    expect(
      addressLines({
        id: 1n,
        streetNumber: null,
        streetName: 'Rue Principale',
        city: null,
        province: 'QC',
        postal: null,
        country: null,
      }, 'en'),
    ).toEqual(['Rue Principale', 'QC']);
  });

  it('names a contact, or null', () => {
    expect(contactName({ firstName: 'Jane', lastName: null })).toBe('Jane');
    expect(contactName({ firstName: null, lastName: ' ' })).toBeNull();
  });
});

describe('accountTypeLabel', () => {
  const t = (key: string) => `«${key}»`;
  it.each([
    ['Residential', '«accountTypes.Residential»'],
    ['Business', '«accountTypes.Business»'],
    ['Wholesale', 'Wholesale'],
  ])('%s → %s', (type, expected) => {
    expect(accountTypeLabel(type, t)).toBe(expected);
  });
});
