import { AccountUpdateModelSchema, type AccountDetailsResponse } from '@portal/contract';
import type { AccountEditForm } from '@portal/contract/billing-details';
import { describe, expect, it } from 'vitest';
import { buildAccountUpdateModel, toEditForm } from './edit-rules';

const NOW = new Date('2025-06-15T12:00:00Z');

const base: AccountDetailsResponse = {
  account: {
    id: 7n,
    customerNo: 'C-7',
    name: 'Acme Ltd',
    invoiceName: null,
    invoiceEmailAddress: 'billing@acme.test',
    invoicePrefix: null,
    type: 'Business',
    currency: 'CAD',
    language: 'English',
    paymentMethod: 'Credit Card (Manual)',
    billDelivery: 'emailLink',
    parentId: null,
    timeZone: null,
    accountContacts: [],
  },
  paperBillsOffered: false,
  addresses: [
    { id: 1n, streetNumber: '1', streetName: 'Old Road', city: 'Ottawa', province: 'ON', postal: 'K1A 0B1', country: 'Canada' },
    {
      id: 2n,
      streetNumber: '12',
      streetName: 'Main Street',
      city: 'Toronto',
      province: 'ON',
      postal: 'M5V 2T6',
      country: 'Canada',
    },
  ],
  accountAddresses: [
    {
      id: 10n,
      accountId: 7n,
      addressId: 1n,
      type: 'Billing',
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2024-01-01T00:00:00Z',
    },
    { id: 11n, accountId: 7n, addressId: 2n, type: 'Billing', startDate: '2024-01-01T00:00:00Z', endDate: null },
  ],
  contacts: [
    { id: 4n, firstName: 'Old', lastName: 'Contact', primaryEmail: null, primaryPhone: null },
    { id: 5n, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@acme.test', primaryPhone: null },
  ],
  accountContacts: [
    {
      id: 19n,
      accountId: 7n,
      contactId: 4n,
      type: 'Billing',
      startDate: '2019-01-01T00:00:00Z',
      endDate: '2020-01-01T00:00:00Z',
    },
    { id: 20n, accountId: 7n, contactId: 5n, type: 'Billing', startDate: '2020-01-01T00:00:00Z', endDate: null },
    { id: 21n, accountId: 7n, contactId: 4n, type: 'Technical', startDate: '2020-01-01T00:00:00Z', endDate: null },
  ],
};

const empty: AccountDetailsResponse = { ...base, addresses: [], accountAddresses: [], contacts: [], accountContacts: [] };

const FORM: AccountEditForm = {
  language: 'English',
  invoiceEmail: 'billing@acme.test',
  contactFirstName: 'Pat',
  contactLastName: 'Lee',
  contactEmail: 'pat@acme.test',
  contactPhone: '',
  streetNumber: '12',
  streetName: 'Main Street',
  city: 'Toronto',
  province: 'ON',
  postal: 'M5V 2T6',
  country: 'Canada',
};

describe('toEditForm', () => {
  it.each<[string, AccountDetailsResponse, AccountEditForm]>([
    ['current billing contact and address', base, FORM],
    [
      'nothing on file',
      { ...empty, account: { ...base.account, invoiceEmailAddress: null, language: 'French' } },
      {
        language: 'French',
        invoiceEmail: '',
        contactFirstName: '',
        contactLastName: '',
        contactEmail: '',
        contactPhone: '',
        streetNumber: '',
        streetName: '',
        city: '',
        province: '',
        postal: '',
        country: '',
      },
    ],
  ])('%s', (_name, details, expected) => {
    expect(toEditForm(details, NOW)).toEqual(expected);
  });
});

describe('buildAccountUpdateModel', () => {
  it.each<[string, AccountDetailsResponse, Partial<AccountEditForm>, object]>([
    [
      'updates the current billing contact and address in place, by id',
      base,
      { language: 'French', contactPhone: ' 613-555-0100 ', city: 'Ottawa' },
      {
        accountId: 7n,
        language: 'French',
        invoiceEmail: 'billing@acme.test',
        contacts: [{ id: 5n, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@acme.test', primaryPhone: '613-555-0100' }],
        accountContacts: [],
        addresses: [
          {
            id: 2n,
            streetNumber: '12',
            streetName: 'Main Street',
            city: 'Ottawa',
            province: 'ON',
            postal: 'M5V 2T6',
            country: 'Canada',
          },
        ],
        accountAddresses: [],
      },
    ],
    [
      'blank values become null',
      base,
      { invoiceEmail: '  ', contactEmail: '', country: '' },
      {
        invoiceEmail: null,
        contacts: [{ id: 5n, firstName: 'Pat', lastName: 'Lee', primaryEmail: null, primaryPhone: null }],
        addresses: [
          {
            id: 2n,
            streetNumber: '12',
            streetName: 'Main Street',
            city: 'Toronto',
            province: 'ON',
            postal: 'M5V 2T6',
            country: null,
          },
        ],
      },
    ],
    [
      'creates a billing contact and address (id 0, Billing link) when none is current',
      empty,
      {},
      {
        contacts: [{ id: 0n, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@acme.test', primaryPhone: null }],
        accountContacts: [{ id: 0n, accountId: 7n, contactId: 0n, type: 'Billing', endDate: null }],
        addresses: [
          {
            id: 0n,
            streetNumber: '12',
            streetName: 'Main Street',
            city: 'Toronto',
            province: 'ON',
            postal: 'M5V 2T6',
            country: 'Canada',
          },
        ],
        accountAddresses: [{ id: 0n, accountId: 7n, addressId: 0n, type: 'Billing', endDate: null }],
      },
    ],
    [
      'creates nothing for blank sections',
      empty,
      {
        contactFirstName: '',
        contactLastName: ' ',
        contactEmail: '',
        streetNumber: '',
        streetName: '',
        city: '',
        province: '',
        postal: '',
        country: '',
      },
      { contacts: [], accountContacts: [], addresses: [], accountAddresses: [] },
    ],
  ])('%s', (_name, details, changes, expected) => {
    const model = buildAccountUpdateModel(details, { ...FORM, ...changes }, NOW);
    expect(model).toMatchObject(expected);
    // Whatever it builds, the service's schema accepts it.
    expect(AccountUpdateModelSchema.safeParse(model).success).toBe(true);
  });

  it('never sends the payment method (autopay is switched on the payments screen)', () => {
    expect(buildAccountUpdateModel(base, FORM, NOW)).not.toHaveProperty('paymentMethod');
  });
});
