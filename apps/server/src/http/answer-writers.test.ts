import { describe, expect, it } from 'vitest';
import { endpoints, type HomeModel, type InvoiceDetails, type InvoiceListItem, type Paged } from '@portal/contract';
import { encodeAnswer } from '../plugins/json';
import { writeHomeModel, writeInvoiceDetails, writeInvoicePage } from './answer-writers';

const BIG = 9223372036854775807n;
const awkward = 'quote " backslash \\ line\nseparator \u2028 emoji 🙂 nul-free';

const payment = (over: Partial<HomeModel['recentPayments'][number]>): HomeModel['recentPayments'][number] => ({
  id: 7n,
  date: '2026-11-03T09:08:07.123Z',
  amount: 12.5,
  currency: 'CAD',
  status: 'Successful',
  description: null,
  type: 'Card',
  card: null,
  method: null,
  failureReason: null,
  ...over,
});

const homeModels: HomeModel[] = [
  { balances: [], recentPayments: [], paymentDueDate: null, overdue: [] },
  {
    balances: [
      { amount: -1234.56, currency: { code: 'CAD' } },
      { amount: 0, currency: { code: 'USD' } },
    ],
    recentPayments: [
      payment({ id: BIG, description: awkward, card: { brand: 'Visa', last4: '4242' } }),
      payment({ status: 'Error', failureReason: 'card_declined', amount: 0.01 }),
      payment({ method: 'cheque', type: 'Offline', amount: 999999999999.99 }),
    ],
    paymentDueDate: '2026-12-01',
    overdue: [{ amount: 80, currency: { code: 'CAD' }, since: '2026-10-01' }],
  },
];

const listItem = (over: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: 11n,
  accountId: 3n,
  invoiceNumber: 'INV-0001',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  dueDate: '2026-11-20',
  postedDate: '2026-11-01T00:00:00.000Z',
  amount: 100,
  currency: 'EUR',
  owing: 20.1,
  credited: 0,
  s3UrlDetails: { urls: [{ name: 'PDF', url: '/b/v1/documents/invoices/11/pdf?expires=1&sig=a-b_c' }] },
  ...over,
});

const details = (over: Partial<InvoiceDetails>): InvoiceDetails => ({
  invoice: { ...listItem({}), state: 'Posted' },
  owing: 0,
  credited: 15.5,
  arId: BIG,
  payments: [
    {
      payment: { id: 5n, date: '2026-11-02T10:00:00.000Z', description: awkward, currency: 'GBP', status: 'Successful' },
      paymentAssignment: { id: 6n, amount: 84.5 },
    },
    { payment: { id: 8n, date: '2026-11-03T10:00:00.000Z', description: null, currency: 'GBP', status: 'Error' }, paymentAssignment: { id: 9n, amount: 1 } },
  ],
  credits: [
    { id: 4n, date: '2026-11-04T00:00:00.000Z', amount: 15.5, currency: 'GBP', line: awkward, disputeId: 2n, reason: 'WrongAmount' },
    { id: 10n, date: '2026-11-05T00:00:00.000Z', amount: 1, currency: 'GBP', line: null, disputeId: null, reason: null },
  ],
  ...over,
});

describe('answer writers', () => {
  it.each(homeModels.map((model, i) => [i, model] as const))('write home model %i as its schema encodes it', (_i, model) => {
    expect(writeHomeModel(model)).toBe(encodeAnswer(endpoints.homeModel.answer.schema, model, 'home model'));
  });

  const pages: [string, Paged<InvoiceListItem>][] = [
    ['an empty page without a count', { value: [] }],
    ['a counted page', { value: [listItem({}), listItem({ id: BIG, postedDate: null, invoiceNumber: awkward, owing: -3.25 })], count: 42 }],
    ['a page past the end with its count', { value: [], count: 0 }],
  ];
  it.each(pages)('write %s as its schema encodes it', (_name, page) => {
    expect(writeInvoicePage(page)).toBe(encodeAnswer(endpoints.invoices.answer.schema, page, 'invoice list'));
  });

  it.each([
    ['with payments and credits', details({})],
    ['with neither', details({ payments: [], credits: [], invoice: { ...listItem({ postedDate: null }), state: 'Posted' } })],
  ] as const)('write invoice details %s as its schema encodes it', (_name, answer) => {
    expect(writeInvoiceDetails(answer)).toBe(encodeAnswer(endpoints.invoiceDetails.answer.schema, answer, 'invoice details'));
  });

  it('refuses an amount that is not a finite number, as the schema does', () => {
    const model = { ...homeModels[1]!, balances: [{ amount: Number.NaN, currency: { code: 'CAD' as const } }] };
    expect(() => writeHomeModel(model)).toThrow(/finite/);
    expect(() => encodeAnswer(endpoints.homeModel.answer.schema, model, 'home model')).toThrow();
  });
});
