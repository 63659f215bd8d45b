import type { AddressFields } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  assertBillDeliveryOffered,
  diffFields,
  normalizeValues,
  planCustomerDetailsUpdate,
  type AccountState,
  type ContactValues,
  type CustomerDetailsInput,
} from './customer-details-plan';

const NOW = new Date('2025-06-01T12:00:00Z');
const PAST = new Date('2024-01-01T00:00:00Z');
const FUTURE = new Date('2025-09-01T00:00:00Z');

const address = (overrides: Partial<AddressFields> = {}): AddressFields => ({
  streetNumber: '100',
  streetName: 'King St W',
  city: 'Toronto',
  province: 'ON',
  postal: 'M5X 1A9',
  country: 'CA',
  ...overrides,
});
const contact = (overrides: Partial<ContactValues> = {}): ContactValues => ({
  firstName: 'Pat',
  lastName: 'Lee',
  primaryEmail: 'pat@example.com',
  primaryPhone: '+14165550100',
  ...overrides,
});

/** Account 1: billing address 10 (link 100), an unlinked address 11, billing contact 20 (link 200). */
const state = (overrides: Partial<AccountState> = {}): AccountState => ({
  accountId: 1n,
  account: { language: 'English', invoiceEmailAddress: 'billing@example.com', paymentMethod: 'Credit Card (Manual)', billDelivery: 'emailLink' },
  addresses: [
    { id: 10n, values: address() },
    { id: 11n, values: address({ streetNumber: '9' }) },
  ],
  addressLinks: [{ id: 100n, targetId: 10n, type: 'Billing', startDate: PAST, endDate: null }],
  contacts: [{ id: 20n, values: contact() }],
  contactLinks: [{ id: 200n, targetId: 20n, type: 'Billing', startDate: PAST, endDate: null }],
  ...overrides,
});

const input = (overrides: Partial<CustomerDetailsInput> = {}): CustomerDetailsInput => ({
  accountId: 1n,
  language: 'English',
  invoiceEmail: 'billing@example.com',
  addresses: [],
  accountAddresses: [],
  contacts: [],
  accountContacts: [],
  deleteAccountAddressIds: [],
  deleteAddressIds: [],
  deleteAccountContactIds: [],
  deleteContactIds: [],
  ...overrides,
});

const plan = (i: Partial<CustomerDetailsInput>, s: Partial<AccountState> = {}) => planCustomerDetailsUpdate(state(s), input(i), NOW);

describe('planCustomerDetailsUpdate', () => {
  it('plans nothing for a model that changes nothing (rows sent back unchanged included)', () => {
    const result = plan({
      addresses: [{ id: 10n, values: address() }],
      contacts: [{ id: 20n, values: contact() }],
      accountAddresses: [{ id: 100n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: null }],
    });
    expect(result.account).toBeNull();
    expect(result.changes).toEqual([]);
    expect(result.addresses).toEqual({ creates: [], updates: [], deletes: [], linkEnds: [], linkUpdates: [], linkDeletes: [], linkStarts: [] });
  });

  it.each([
    ['language', { language: 'French' as const }, { language: 'English' }, { language: 'French' }],
    ['invoice email', { invoiceEmail: 'new@example.com' }, { invoiceEmailAddress: 'billing@example.com' }, { invoiceEmailAddress: 'new@example.com' }],
    ['cleared invoice email', { invoiceEmail: null }, { invoiceEmailAddress: 'billing@example.com' }, { invoiceEmailAddress: null }],
    ['payment method', { paymentMethod: 'Credit Card' as const }, { paymentMethod: 'Credit Card (Manual)' }, { paymentMethod: 'Credit Card' }],
  ])('records a changed %s with before and after', (_name, change, before, after) => {
    const result = plan(change);
    expect(result.account).toEqual(after);
    expect(result.changes).toEqual([{ entity: 'account', action: 'updated', before, after }]);
  });

  it('copies a linked address on write: the current link ends now and restarts now on the copy', () => {
    const result = plan({ addresses: [{ id: 10n, values: address({ streetNumber: '200' }) }] });
    expect(result.addresses.creates).toEqual([address({ streetNumber: '200' })]);
    expect(result.addresses.updates).toEqual([]);
    expect(result.addresses.linkEnds).toEqual([{ id: 100n, endDate: NOW }]);
    expect(result.addresses.linkStarts).toEqual([{ type: 'Billing', target: { created: 0 }, startDate: NOW, endDate: null }]);
    expect(result.changes[0]).toEqual({
      entity: 'address',
      action: 'replaced',
      id: 10n,
      created: 0,
      before: { streetNumber: '100' },
      after: { streetNumber: '200' },
    });
  });

  it('updates a never-linked address in place', () => {
    const result = plan({ addresses: [{ id: 11n, values: address({ streetNumber: '10' }) }] });
    expect(result.addresses.updates).toEqual([{ id: 11n, values: address({ streetNumber: '10' }) }]);
    expect(result.addresses.creates).toEqual([]);
    expect(result.addresses.linkEnds).toEqual([]);
  });

  it('copies an address that only an ended link used, without restarting the ended link', () => {
    const result = plan(
      { addresses: [{ id: 10n, values: address({ city: 'Ottawa' }) }] },
      { addressLinks: [{ id: 100n, targetId: 10n, type: 'Billing', startDate: PAST, endDate: new Date('2025-01-01T00:00:00Z') }] },
    );
    expect(result.addresses.creates).toHaveLength(1);
    expect(result.addresses.linkEnds).toEqual([]);
    expect(result.addresses.linkStarts).toEqual([]);
  });

  it('links a new address (address id 0 pairs with the new rows in order) and ends the other current billing link', () => {
    const result = plan({
      addresses: [{ id: 0n, values: address({ city: 'Montréal', province: 'QC', postal: 'H3B 1A7' }) }],
      accountAddresses: [{ id: 0n, accountId: 1n, targetId: 0n, type: 'Billing', endDate: null }],
    });
    expect(result.addresses.creates).toHaveLength(1);
    expect(result.addresses.linkEnds).toEqual([{ id: 100n, endDate: NOW }]);
    expect(result.addresses.linkStarts).toEqual([{ type: 'Billing', target: { created: 0 }, startDate: NOW, endDate: null }]);
  });

  it('keeps several current links of types that allow several', () => {
    const result = plan({ accountAddresses: [{ id: 0n, accountId: 1n, targetId: 11n, type: 'Service', endDate: null }] });
    expect(result.addresses.linkEnds).toEqual([]);
    expect(result.addresses.linkStarts).toEqual([{ type: 'Service', target: { existing: 11n }, startDate: NOW, endDate: null }]);
  });

  it('does not add a link the account already has', () => {
    const result = plan({ accountAddresses: [{ id: 0n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: null }] });
    expect(result.addresses.linkStarts).toEqual([]);
    expect(result.changes).toEqual([]);
  });

  it('retargets a current link as history: ends it and starts a new one', () => {
    const result = plan({ accountAddresses: [{ id: 100n, accountId: 1n, targetId: 11n, type: 'Billing', endDate: null }] });
    expect(result.addresses.linkEnds).toEqual([{ id: 100n, endDate: NOW }]);
    expect(result.addresses.linkStarts).toEqual([{ type: 'Billing', target: { existing: 11n }, startDate: NOW, endDate: null }]);
  });

  it('re-dates the end of a current link, never into the past', () => {
    const later = plan({ accountAddresses: [{ id: 100n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: FUTURE.toISOString() }] });
    expect(later.addresses.linkEnds).toEqual([{ id: 100n, endDate: FUTURE }]);
    const past = plan({ accountAddresses: [{ id: 100n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: PAST.toISOString() }] });
    expect(past.addresses.linkEnds).toEqual([{ id: 100n, endDate: NOW }]);
  });

  it('changes a link that has not started yet in place, and removes it when deleted', () => {
    const future = { addressLinks: [{ id: 101n, targetId: 11n, type: 'Shipping', startDate: FUTURE, endDate: null }] };
    const changed = plan({ accountAddresses: [{ id: 101n, accountId: 1n, targetId: 10n, type: 'Shipping', endDate: null }] }, future);
    expect(changed.addresses.linkUpdates).toEqual([{ id: 101n, type: 'Shipping', target: { existing: 10n }, endDate: null }]);
    const deleted = plan({ deleteAccountAddressIds: [101n] }, future);
    expect(deleted.addresses.linkDeletes).toEqual([101n]);
    expect(deleted.addresses.linkEnds).toEqual([]);
  });

  it('ends a deleted current link and ignores one that has already ended', () => {
    expect(plan({ deleteAccountContactIds: [200n] }).contacts.linkEnds).toEqual([{ id: 200n, endDate: NOW }]);
    const ended = plan(
      { deleteAccountContactIds: [200n] },
      { contactLinks: [{ id: 200n, targetId: 20n, type: 'Billing', startDate: PAST, endDate: new Date('2025-01-01T00:00:00Z') }] },
    );
    expect(ended.contacts.linkEnds).toEqual([]);
    expect(ended.changes).toEqual([]);
  });

  it('deletes a never-linked row, and keeps a linked one for history while ending its links', () => {
    const unlinked = plan({ deleteAddressIds: [11n] });
    expect(unlinked.addresses.deletes).toEqual([11n]);
    expect(unlinked.changes).toEqual([{ entity: 'address', action: 'deleted', id: 11n, before: address({ streetNumber: '9' }) }]);
    const linked = plan({ deleteAddressIds: [10n] });
    expect(linked.addresses.deletes).toEqual([]);
    expect(linked.addresses.linkEnds).toEqual([{ id: 100n, endDate: NOW }]);
  });

  it('copies a linked contact on write like an address', () => {
    const result = plan({ contacts: [{ id: 20n, values: contact({ primaryEmail: 'new@example.com' }) }] });
    expect(result.contacts.creates).toEqual([contact({ primaryEmail: 'new@example.com' })]);
    expect(result.contacts.linkEnds).toEqual([{ id: 200n, endDate: NOW }]);
    expect(result.contacts.linkStarts).toEqual([{ type: 'Billing', target: { created: 0 }, startDate: NOW, endDate: null }]);
  });

  it.each<[string, Partial<CustomerDetailsInput>, number, string]>([
    ['an unknown address', { addresses: [{ id: 99n, values: address() }] }, 404, 'The address was not found.'],
    ['an unknown contact', { contacts: [{ id: 99n, values: contact() }] }, 404, 'The contact was not found.'],
    ['an unknown address to delete', { deleteAddressIds: [99n] }, 404, 'The address was not found.'],
    ['an unknown contact to delete', { deleteContactIds: [99n] }, 404, 'The contact was not found.'],
    ['an unknown link', { accountAddresses: [{ id: 999n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: null }] }, 404, 'The account address was not found.'],
    ['an unknown link to delete', { deleteAccountContactIds: [999n] }, 404, 'The account contact was not found.'],
    ['a link to an unknown address', { accountAddresses: [{ id: 0n, accountId: 1n, targetId: 99n, type: 'Billing', endDate: null }] }, 404, 'The address was not found.'],
    [
      'a link of another account',
      { accountAddresses: [{ id: 0n, accountId: 2n, targetId: 10n, type: 'Service', endDate: null }] },
      400,
      'body.accountAddresses.0.accountId: must be the account being updated.',
    ],
    [
      'a link to a new address that is not there',
      { accountAddresses: [{ id: 0n, accountId: 1n, targetId: 0n, type: 'Billing', endDate: null }] },
      400,
      'body.accountAddresses.0.addressId: 0 must refer to a new entry of addresses.',
    ],
    [
      'two billing addresses at once',
      {
        accountAddresses: [
          { id: 0n, accountId: 1n, targetId: 11n, type: 'Billing', endDate: null },
          { id: 100n, accountId: 1n, targetId: 10n, type: 'Service', endDate: null },
          { id: 0n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: null },
        ],
      },
      400,
      'body.accountAddresses: only one current Billing address can be set.',
    ],
    [
      'a row both changed and deleted',
      { contacts: [{ id: 20n, values: contact({ firstName: 'X' }) }], deleteContactIds: [20n] },
      400,
      'body.contacts.0: contact 20 cannot be both changed and deleted.',
    ],
    ['the same row twice', { addresses: [{ id: 11n, values: address() }, { id: 11n, values: address() }] }, 400, 'body.addresses: id 11 appears more than once.'],
  ])('refuses %s', (_name, overrides, status, message) => {
    expect(() => plan(overrides)).toThrow(expect.objectContaining({ statusCode: status, message }));
  });

  it('refuses to change an ended link but accepts it sent back unchanged', () => {
    const ended = { addressLinks: [{ id: 100n, targetId: 10n, type: 'Billing', startDate: PAST, endDate: new Date('2025-01-01T00:00:00Z') }] };
    expect(() => plan({ accountAddresses: [{ id: 100n, accountId: 1n, targetId: 11n, type: 'Billing', endDate: null }] }, ended)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'body.accountAddresses.0: link 100 has ended and cannot be changed.' }),
    );
    const unchanged = plan({ accountAddresses: [{ id: 100n, accountId: 1n, targetId: 10n, type: 'Billing', endDate: '2025-01-01T00:00:00.000Z' }] }, ended);
    expect(unchanged.changes).toEqual([]);
  });

  it.each<[string, Partial<CustomerDetailsInput>, Record<string, string>]>([
    ['a blank first name', { contacts: [{ id: 20n, values: contact({ firstName: ' ' }) }] }, { 'contacts.0.firstName': 'This field is required.' }],
    ['a blank street', { addresses: [{ id: 0n, values: address({ streetName: '' }) }] }, { 'addresses.0.streetName': 'This field is required.' }],
    ['country Narnia', { addresses: [{ id: 10n, values: address({ country: 'Narnia' }) }] }, { 'addresses.0.country': 'Please choose a country from the list.' }],
    [
      'province "Ontario!!"',
      { addresses: [{ id: 10n, values: address({ province: 'Ontario!!' }) }] },
      { 'addresses.0.province': 'Please choose a province or state from the list.' },
    ],
    [
      'a postal code of the wrong country',
      { addresses: [{ id: 0n, values: address({ postal: '99999999999' }) }] },
      { 'addresses.0.postal': 'Please enter a valid postal or zip code.' },
    ],
    [
      'every problem at once',
      { addresses: [{ id: 10n, values: address({ city: null, postal: '1' }) }], contacts: [{ id: 20n, values: contact({ primaryPhone: '555' }) }] },
      {
        'addresses.0.city': 'This field is required.',
        'addresses.0.postal': 'Please enter a valid postal or zip code.',
        'contacts.0.primaryPhone': 'Please enter a valid phone number.',
      },
    ],
  ])('refuses %s with the field and its message', (_name, overrides, fields) => {
    expect(() => plan(overrides)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Some billing details are not valid; correct the fields listed.', fields }),
    );
  });

  it('stores what it accepts normalised: codes upper case, postal codes spaced, phones E.164 read in the address country', () => {
    const result = plan({
      addresses: [{ id: 0n, values: address({ postal: 'm5v2t6', province: 'on', country: 'ca', city: ' Toronto ' }) }],
      contacts: [{ id: 0n, values: contact({ primaryPhone: '(416) 555-0134' }) }],
    });
    expect(result.addresses.creates).toEqual([address({ postal: 'M5V 2T6' })]);
    expect(result.contacts.creates).toEqual([contact({ primaryPhone: '+14165550134' })]);
  });

  it.each([
    ['M5V 2T6', 'CA', 'ON'],
    ['90210-1234', 'US', 'CA'],
    ['SW1A 1AA', 'GB', 'ENG'],
    ['75001', 'FR', 'IDF'],
    ['10115', 'DE', 'BE'],
    ['2000', 'AU', 'NSW'],
  ])('accepts postal code %s in %s', (postal, country, province) => {
    expect(() => plan({ addresses: [{ id: 0n, values: address({ postal, country, province }) }] })).not.toThrow();
  });
});

describe('normalizeValues and diffFields', () => {
  it('treats blank text as no value', () => {
    expect(normalizeValues({ a: '  ', b: 'x', c: null })).toEqual({ a: null, b: 'x', c: null });
  });

  it.each<[Record<string, unknown>, Record<string, unknown>, unknown]>([
    [{ a: 1, b: 'x' }, { a: 1, b: 'x' }, null],
    [{ a: 1, b: 'x' }, { a: 2, b: 'x' }, { before: { a: 1 }, after: { a: 2 } }],
    [{ a: null, b: 'x' }, { a: 'y', b: null }, { before: { a: null, b: 'x' }, after: { a: 'y', b: null } }],
  ])('diffs %j → %j', (before, after, expected) => {
    expect(diffFields(before, after)).toEqual(expected);
  });
});

describe('how bills come (billDelivery)', () => {
  it.each([
    [undefined, 'emailLink', null],
    ['emailLink', 'emailLink', null],
    ['emailPdf', 'emailLink', { billDelivery: 'emailPdf' }],
    ['paper', 'emailPdf', { billDelivery: 'paper' }],
  ] as const)('asked %s, stored %s: plans %j', (asked, stored, account) => {
    const result = plan({ billDelivery: asked }, { account: { language: 'English', invoiceEmailAddress: 'billing@example.com', paymentMethod: 'Credit Card (Manual)', billDelivery: stored } });
    expect(result.account).toEqual(account);
  });

  it.each([
    [{ billDelivery: 'paper' as const }, false, 'refused'],
    [{ billDelivery: 'paper' as const }, true, 'accepted'],
    [{ billDelivery: 'emailPdf' as const }, false, 'accepted'],
    // Kept on paper when the provider stopped offering it: only a change to paper is refused.
    [null, false, 'accepted'],
  ])('a change to %j where paper is offered: %s → %s', (account, offered, outcome) => {
    const check = () => assertBillDeliveryOffered({ account }, offered);
    if (outcome === 'refused') expect(check).toThrow(expect.objectContaining({ statusCode: 400, fields: { billDelivery: 'Paper bills are not offered.' } }));
    else expect(check).not.toThrow();
  });
});
