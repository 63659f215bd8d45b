import type { AccountDetailsResponse } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buildCheckoutSetupRequest,
  checkoutSuccessUrl,
  hasCheckoutParams,
  isNavigableUrl,
  providerDisplayName,
  readCheckoutReturn,
  shouldReopenPayModal,
  withoutCheckoutParams,
  type CheckoutReturn,
} from './checkout-rules';

const LOCATION = { origin: 'https://portal.example.com', pathname: '/invoices/42' };

describe('checkoutSuccessUrl', () => {
  it.each<[string, bigint | null, string]>([
    ['from the payments page', null, 'https://portal.example.com/invoices/42?paymentMethodAdded=true'],
    [
      "from an invoice's pay modal",
      42n,
      'https://portal.example.com/invoices/42?paymentMethodAdded=true&fromInvoiceId=42&showPaymentModal=true',
    ],
    [
      'ids beyond 2^53',
      9007199254740993n,
      'https://portal.example.com/invoices/42?paymentMethodAdded=true&fromInvoiceId=9007199254740993&showPaymentModal=true',
    ],
  ])('%s', (_name, invoiceId, expected) => {
    expect(checkoutSuccessUrl(LOCATION, invoiceId)).toBe(expected);
  });
});

describe('readCheckoutReturn / shouldReopenPayModal', () => {
  it.each<[string, string, CheckoutReturn, boolean]>([
    ['no return', '', { paymentMethodAdded: false, fromInvoiceId: null, showPaymentModal: false, cardNotSaved: null }, false],
    [
      'card added on the payments page',
      'paymentMethodAdded=true',
      { paymentMethodAdded: true, fromInvoiceId: null, showPaymentModal: false, cardNotSaved: null },
      false,
    ],
    [
      'back to this invoice',
      'paymentMethodAdded=true&fromInvoiceId=42&showPaymentModal=true',
      { paymentMethodAdded: true, fromInvoiceId: '42', showPaymentModal: true, cardNotSaved: null },
      true,
    ],
    [
      'another invoice',
      'paymentMethodAdded=true&fromInvoiceId=43&showPaymentModal=true',
      { paymentMethodAdded: true, fromInvoiceId: '43', showPaymentModal: true, cardNotSaved: null },
      false,
    ],
    [
      'modal not asked for',
      'paymentMethodAdded=true&fromInvoiceId=42',
      { paymentMethodAdded: true, fromInvoiceId: '42', showPaymentModal: false, cardNotSaved: null },
      false,
    ],
    [
      'the same card was on the account already: say so, do not reopen the modal',
      'fromInvoiceId=42&cardNotSaved=duplicate',
      { paymentMethodAdded: false, fromInvoiceId: '42', showPaymentModal: false, cardNotSaved: 'duplicate' },
      false,
    ],
    [
      'an unknown reason is no reason',
      'cardNotSaved=whatever',
      { paymentMethodAdded: false, fromInvoiceId: null, showPaymentModal: false, cardNotSaved: null },
      false,
    ],
    [
      'only "true" counts',
      'paymentMethodAdded=1&fromInvoiceId=42&showPaymentModal=yes',
      { paymentMethodAdded: false, fromInvoiceId: '42', showPaymentModal: false, cardNotSaved: null },
      false,
    ],
  ])('%s', (_name, query, expected, reopen) => {
    const ret = readCheckoutReturn(new URLSearchParams(query));
    expect(ret).toEqual(expected);
    expect(shouldReopenPayModal(ret, 42n)).toBe(reopen);
  });
});

describe('withoutCheckoutParams / hasCheckoutParams', () => {
  it.each([
    ['paymentMethodAdded=true&fromInvoiceId=42&showPaymentModal=true', '', true],
    ['period=6m&paymentMethodAdded=true&page=2', 'period=6m&page=2', true],
    ['period=6m', 'period=6m', false],
    ['fromInvoiceId=42&cardNotSaved=duplicate&period=6m', 'period=6m', true],
    ['', '', false],
  ])('"%s" → "%s"', (query, rest, has) => {
    const params = new URLSearchParams(query);
    expect(withoutCheckoutParams(params).toString()).toBe(rest);
    expect(hasCheckoutParams(params)).toBe(has);
    expect(params.toString()).toBe(query); // not changed in place
  });
});

describe('providerDisplayName', () => {
  it.each([
    ['stripe', 'Stripe'],
    ['sandbox', 'Sandbox'],
    ['other', null],
    [null, null],
  ])('%s → %s', (provider, name) => {
    expect(providerDisplayName(provider)).toBe(name);
  });
});

const NOW = new Date('2025-06-15T12:00:00Z');

const details = (overrides: Partial<AccountDetailsResponse> = {}): AccountDetailsResponse => ({
  account: {
    id: 7n,
    customerNo: 'C-7',
    name: 'Acme Ltd',
    invoiceName: 'Acme Billing',
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
  contacts: [{ id: 5n, firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@acme.test', primaryPhone: null }],
  accountContacts: [{ id: 20n, accountId: 7n, contactId: 5n, type: 'Billing', startDate: '2020-01-01T00:00:00Z', endDate: null }],
  ...overrides,
});

const URLS = {
  successUrl: 'https://portal.example.com/payments?paymentMethodAdded=true',
  cancelUrl: 'https://portal.example.com/payments',
};

describe('buildCheckoutSetupRequest', () => {
  it('orders for the account with its current billing address', () => {
    expect(buildCheckoutSetupRequest(details(), URLS, NOW)).toEqual({
      accountId: 7n,
      order: {
        name: 'Acme Billing',
        accountId: 7n,
        description: 'Add a payment method',
        email: 'billing@acme.test',
        accountType: 'Business',
        currency: 'CAD',
        address: { city: 'Toronto', country: 'Canada', postalCode: 'M5V 2T6', state: 'ON', line1: '12 Main Street' },
      },
      ...URLS,
    });
  });

  it('falls back to the billing contact email', () => {
    const base = details();
    const request = buildCheckoutSetupRequest({ ...base, account: { ...base.account, invoiceEmailAddress: ' ' } }, URLS, NOW);
    expect(request?.order.email).toBe('pat@acme.test');
  });

  it.each<[string, Partial<AccountDetailsResponse>]>([
    ['no addresses', { addresses: [], accountAddresses: [] }],
    [
      'only an ended billing address',
      {
        accountAddresses: [
          {
            id: 10n,
            accountId: 7n,
            addressId: 1n,
            type: 'Billing',
            startDate: '2020-01-01T00:00:00Z',
            endDate: '2024-01-01T00:00:00Z',
          },
        ],
      },
    ],
    [
      'only a service address',
      {
        accountAddresses: [
          { id: 11n, accountId: 7n, addressId: 2n, type: 'Service', startDate: '2024-01-01T00:00:00Z', endDate: null },
        ],
      },
    ],
  ])('needs a current billing address: %s', (_name, overrides) => {
    expect(buildCheckoutSetupRequest(details(overrides), URLS, NOW)).toBeNull();
  });
});

describe('isNavigableUrl', () => {
  it.each([
    ['https://checkout.stripe.com/c/pay/cs_test_1', true],
    ['http://localhost:3000/b/v1/checkoutapi/sandbox/cs_sb_1', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['/relative/path', false],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isNavigableUrl(url)).toBe(ok);
  });
});
