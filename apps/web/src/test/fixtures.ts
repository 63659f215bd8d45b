import type { AccountDetailsResponse, AccountListName, HomeModel, InvoiceListItem } from '@portal/contract';

/** Wire-shaped sample data (what the billing service answers), for component tests. */
export const accountDetails = (
  accountId: bigint,
  overrides: Partial<AccountDetailsResponse['account']> = {},
): AccountDetailsResponse => ({
  account: {
    id: accountId,
    customerNo: `C-${accountId}`,
    name: 'Casey Customer',
    invoiceName: 'Casey C. Billing',
    invoiceEmailAddress: 'billing@casey.example',
    invoicePrefix: null,
    type: 'Residential',
    currency: 'CAD',
    language: 'English',
    paymentMethod: 'Credit Card (Manual)',
    billDelivery: 'emailLink',
    parentId: null,
    timeZone: null,
    accountContacts: [],
    ...overrides,
  },
  paperBillsOffered: false,
  addresses: [
    {
      id: 1n,
      streetNumber: '12',
      streetName: 'Main Street',
      city: 'Toronto',
      province: 'ON',
      postal: 'M5V 2T6',
      country: 'CA',
    },
  ],
  accountAddresses: [{ id: 2n, accountId, addressId: 1n, type: 'Billing', startDate: '2020-01-01T00:00:00Z', endDate: null }],
  contacts: [{ id: 3n, firstName: 'Jane', lastName: 'Doe', primaryEmail: 'jane@casey.example', primaryPhone: '+14165550100' }],
  accountContacts: [{ id: 4n, accountId, contactId: 3n, type: 'Billing', startDate: '2020-01-01T00:00:00Z', endDate: null }],
});

/**
 * A home model. Unless `overdue` is given, every owing balance is overdue in full since `paymentDueDate`
 * when that date has passed (as the server says for a single unpaid invoice past due).
 */
export const homeModel = (
  balances: Array<[number, 'CAD' | 'USD']>,
  paymentDueDate: string | null = '2025-05-30',
  overdue?: HomeModel['overdue'],
): HomeModel => ({
  balances: balances.map(([amount, code]) => ({ amount, currency: { code } })),
  recentPayments: [],
  paymentDueDate,
  overdue:
    overdue ??
    (paymentDueDate !== null && paymentDueDate < new Date().toISOString().slice(0, 10)
      ? balances
          .filter(([amount]) => amount < 0)
          .map(([amount, code]) => ({ amount: -amount, currency: { code }, since: paymentDueDate }))
      : []),
});

export const invoiceItem = (id: bigint, accountId: bigint, invoiceNumber: string): InvoiceListItem => ({
  id,
  accountId,
  invoiceNumber,
  startDate: '2025-04-01',
  endDate: '2025-04-30',
  dueDate: '2025-05-30',
  postedDate: '2025-05-01T00:00:00Z',
  amount: 120.5,
  currency: 'CAD',
  owing: 120.5,
  credited: 0,
  s3UrlDetails: { urls: [{ name: 'PDF', url: `/b/v1/documents/${id}.pdf?sig=x` }] },
});

export const names = (...entries: Array<[bigint, string, bigint | null]>): { value: AccountListName[]; count: number } => ({
  value: entries.map(([accountId, listName, parentId]) => ({ accountId, listName, parentId })),
  count: entries.length,
});
