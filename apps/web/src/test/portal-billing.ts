/**
 * A fake billing service for the invoice and payment screens' component tests (imported by tests only).
 * Every route has a wire-shaped default answer; a test overrides the routes it is about.
 */
import {
  addMoney,
  endpoints,
  NOTIFICATION_PREFERENCE_EVENTS,
  defaultAlertSettings,
  pathFor,
  type AutopayScheduleResponse,
  type Endpoint,
  type InvoiceContent,
  type InvoiceDetails,
  type InvoiceListItem,
  type PaymentMethodEntry,
  type RecentPayment,
  type Refund,
  type UsageSummary,
} from '@portal/contract';
import { vi } from 'vitest';
import { WIDE_SCREEN_QUERY } from '@/lib/use-media-query';
import { isCallTo } from './calls';
import { accountDetails, homeModel, names } from './fixtures';
import { json, mockFetch, type FetchCall } from './utils';

export const ACCOUNT_ID = 1001n;

/** A signed document link as the service writes them (the signature is not checked here). */
const documentLink = (invoiceId: bigint, document: 'pdf' | 'cdrs') =>
  `${pathFor(endpoints.invoiceDocument, { invoiceId, document })}?sig=abc`;

export const card = (
  id: bigint,
  brand: string,
  last4: string,
  expYear: number,
  isDefault = false,
  expMonth = 12,
): PaymentMethodEntry => ({
  paymentMethod: { id, default: isDefault, lastChargeFailed: false, type: 'card' },
  card: {
    id: `pm_${id}`,
    brand,
    last4,
    expiry: `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`,
    expMonth,
    expYear,
  },
  bankAccount: null,
});

/** The autopay preview's inputs for an account with nothing open. */
export const NO_OPEN_INVOICES: AutopayScheduleResponse['preview'] = { today: '2025-05-20', chargedThisMonth: false, openInvoices: [] };

/** A default Visa and an expired Mastercard, like the demo customer (docs/decisions/0008-demo-data.md). */
export const DEMO_CARDS = [card(11n, 'Visa', '4242', 2099, true), card(12n, 'Mastercard', '4444', 2020)];

export const recentPayment = (
  id: bigint,
  status: RecentPayment['status'],
  overrides: Partial<RecentPayment> = {},
): RecentPayment => ({
  id,
  date: '2025-05-02T15:00:00Z',
  amount: 50,
  currency: 'CAD',
  status,
  description: 'One-time payment',
  type: 'Credit Card (Manual)',
  card: { brand: 'Visa', last4: '4242' },
  method: null,
  failureReason: status === 'Error' ? 'card_declined' : null,
  ...overrides,
});

export const invoiceListItem = (
  id: bigint,
  invoiceNumber: string,
  owing: number,
  overrides: Partial<InvoiceListItem> = {},
): InvoiceListItem => ({
  id,
  accountId: ACCOUNT_ID,
  invoiceNumber,
  startDate: '2025-04-01',
  endDate: '2025-04-30',
  dueDate: '2025-05-30',
  postedDate: '2025-05-01T12:00:00Z',
  amount: 120.5,
  currency: 'CAD',
  owing,
  credited: 0,
  s3UrlDetails: { urls: [{ name: 'PDF', url: documentLink(id, 'pdf') }] },
  ...overrides,
});

export const invoiceDetails = (
  id: bigint,
  owing: number,
  payments: InvoiceDetails['payments'] = [],
  credits: InvoiceDetails['credits'] = [],
): InvoiceDetails => ({
  invoice: {
    id,
    accountId: ACCOUNT_ID,
    invoiceNumber: `INV-${id}`,
    state: 'Posted',
    startDate: '2025-04-01',
    endDate: '2025-04-30',
    dueDate: '2025-05-30',
    postedDate: '2025-05-01T12:00:00Z',
    amount: 120.5,
    currency: 'CAD',
  },
  owing,
  credited: addMoney(0, ...credits.map((c) => c.amount)),
  arId: id * 100n,
  payments,
  credits,
});

export const invoiceContent = (): InvoiceContent => ({
  customer: {
    name: 'Casey C. Billing',
    address: {
      addressLine1: '12 Main Street',
      addressLine2: 'Suite 400',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5V 2T6',
      country: 'CA',
    },
  },
  summary: {
    lines: [
      { category: 'Plan', description: 'Unlimited Canada plan', amount: 95 },
      { category: 'Usage', description: 'Long distance', amount: 11.64 },
    ],
    subtotal: 106.64,
    taxes: 13.86,
    total: 120.5,
  },
});

/** This period of a Talk & Text plan, part way through June. */
export const usageSummary = (overrides: Partial<UsageSummary> = {}): UsageSummary => ({
  period: { start: '2025-06-01', end: '2025-06-30' },
  asOf: '2025-06-15T12:00:00Z',
  recordsKept: { months: 24, from: '2023-06-01' },
  currency: 'CAD',
  plan: { name: 'Talk & Text 150 + 5 GB', lines: 1 },
  allowances: {
    voiceMinutes: { used: 162, included: 150 },
    textMessages: { used: 40, included: null },
    dataMb: { used: 2560, included: 5120 },
  },
  overage: 3,
  roaming: 12.5,
  otherUsage: 0.9,
  estimate: {
    plan: 40,
    usage: 16.4,
    subtotal: 56.4,
    taxes: [{ code: 'HST', description: 'HST 13%', amount: 7.33 }],
    total: 63.73,
    taxesIncluded: true,
  },
  ...overrides,
});

export type BillingRoute =
  | 'names'
  | 'details'
  | 'home'
  | 'cards'
  | 'autopay'
  | 'saveAutopay'
  | 'switchAutopay'
  | 'setDefault'
  | 'deleteCard'
  | 'pay'
  | 'publicKey'
  | 'checkout'
  | 'invoices'
  | 'invoiceDetails'
  | 'invoiceContent'
  | 'invoiceChanges'
  | 'balanceForward'
  | 'invoiceUrls'
  | 'charges'
  | 'disputes'
  | 'createDispute'
  | 'usageSummary'
  | 'usageRecords'
  | 'usageExport'
  | 'usageAlerts'
  | 'saveUsageAlerts'
  | 'usageLimit'
  | 'saveUsageLimit'
  | 'receipt'
  | 'statement'
  | 'notifications'
  | 'clearNotification'
  | 'clearAllNotifications'
  | 'notificationPreferences'
  | 'saveNotificationPreferences'
  | 'refunds'
  | 'refund'
  | 'refundReceipt'
  | 'familyBalance'
  | 'payAll';

type Handler = (call: FetchCall) => Response | Promise<Response>;

const ROUTES: [BillingRoute, Endpoint][] = [
  ['names', endpoints.accountNames],
  ['details', endpoints.accountDetails],
  ['home', endpoints.homeModel],
  ['cards', endpoints.paymentMethods],
  ['autopay', endpoints.autopaySchedule],
  ['saveAutopay', endpoints.saveAutopaySchedule],
  ['switchAutopay', endpoints.updateDefaultPaymentMethod],
  ['setDefault', endpoints.setDefaultPaymentMethod],
  ['deleteCard', endpoints.deletePaymentMethod],
  ['pay', endpoints.customerPayment],
  ['publicKey', endpoints.publicKey],
  ['checkout', endpoints.checkoutSetup],
  ['invoices', endpoints.invoices],
  ['invoiceDetails', endpoints.invoiceDetails],
  ['invoiceContent', endpoints.invoiceContent],
  ['invoiceChanges', endpoints.invoiceChanges],
  ['balanceForward', endpoints.balanceForward],
  ['invoiceUrls', endpoints.invoiceUrls],
  ['charges', endpoints.charges],
  ['disputes', endpoints.disputes],
  ['createDispute', endpoints.createDispute],
  ['usageSummary', endpoints.usageSummary],
  ['usageRecords', endpoints.usageRecords],
  ['usageExport', endpoints.usageExport],
  ['usageAlerts', endpoints.usageAlerts],
  ['saveUsageAlerts', endpoints.usageAlertsUpdate],
  ['usageLimit', endpoints.usageLimit],
  ['saveUsageLimit', endpoints.usageLimitUpdate],
  ['receipt', endpoints.paymentReceipt],
  ['statement', endpoints.accountStatement],
  ['notifications', endpoints.notifications],
  ['clearNotification', endpoints.clearNotification],
  ['clearAllNotifications', endpoints.clearAllNotifications],
  ['notificationPreferences', endpoints.notificationPreferences],
  ['saveNotificationPreferences', endpoints.saveNotificationPreferences],
  ['refunds', endpoints.paymentRefunds],
  ['refund', endpoints.refundPayment],
  ['refundReceipt', endpoints.refundReceipt],
  ['familyBalance', endpoints.familyBalance],
  ['payAll', endpoints.payAll],
];

/** A PDF download as the service answers it (the bytes do not matter to the screens). */
const pdfFile = (fileName: string): Response =>
  new Response('%PDF-1.3 test', {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });

const lastNumber = (path: string): bigint => BigInt(/(\d+)(?:\/[a-z]+)?$/i.exec(path)![1]!);

const ALL_EMAILS_ON = Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, true]));

/** A refund as the service answers it. */
export const refund = (id: bigint, paymentId: bigint, status: Refund['status'], overrides: Partial<Refund> = {}): Refund => ({
  id,
  paymentId,
  date: '2025-05-10T15:00:00Z',
  amount: 10,
  currency: 'CAD',
  reason: 'Billed twice',
  status,
  receiptNumber: `RF-${String(id).padStart(7, '0')}`,
  failureMessage: status === 'Failed' ? 'The charge is too old to refund.' : null,
  ...overrides,
});

const DEFAULTS: Record<BillingRoute, Handler> = {
  refunds: () => json({ value: [] }),
  // An account without sub-accounts: the dashboard shows no family card.
  familyBalance: (call) => json({ accounts: [{ accountId: lastNumber(call.url.pathname), customerNo: 'C-1', name: 'Casey Customer', balances: [], overdue: [] }], balances: [], overdue: [] }),
  payAll: () => json({ payment: recentPayment(901n, 'InProgress'), shares: [], error: null }),
  refund: (call) => {
    const body = call.body as { amount: number; reason: string };
    return json(refund(700n, BigInt(/Payment\/(\d+)\/refund/.exec(call.url.pathname)![1]!), 'Succeeded', { amount: body.amount, reason: body.reason }));
  },
  refundReceipt: (call) => pdfFile(`Refund-RF-${lastNumber(call.url.pathname)}.pdf`),
  notifications: () => json({ value: [], count: 0 }),
  clearNotification: () => json(true),
  clearAllNotifications: () => json(true),
  notificationPreferences: () => json(ALL_EMAILS_ON),
  saveNotificationPreferences: (call) => json(call.body),
  names: () => json(names([ACCOUNT_ID, 'Casey Customer', null])),
  details: (call) => json(accountDetails(lastNumber(call.url.pathname))),
  home: () => json(homeModel([[-120.5, 'CAD']])),
  cards: () => json({ value: DEMO_CARDS }),
  autopay: () => json({ schedule: null, nextRunDate: null, preview: NO_OPEN_INVOICES } satisfies AutopayScheduleResponse),
  saveAutopay: (call) => json({ schedule: call.body, nextRunDate: '2025-05-30', preview: NO_OPEN_INVOICES }),
  switchAutopay: () => json(true),
  setDefault: () => json(true),
  deleteCard: () => json(true),
  pay: () => json({ payment: recentPayment(900n, 'InProgress'), error: null }),
  publicKey: () => json({ publicKey: 'pk_sandbox', provider: 'sandbox' }),
  checkout: () =>
    json({ id: 'cs_sb_1', url: `http://localhost${pathFor(endpoints.sandboxCheckoutPage, { sessionId: 'cs_sb_1' })}` }),
  invoices: () => json({ value: [], count: 0 }),
  invoiceChanges: (call) => json({ invoiceId: lastNumber(call.url.pathname), previousInvoiceId: null, difference: '0.00', summary: 'This is your first bill.', causes: [] }),
  balanceForward: (call) =>
    json({ invoiceId: lastNumber(call.url.pathname), currency: 'CAD', previousBalance: 0, paymentsReceived: 0, creditsAndAdjustments: 0, balanceForward: 0, charges: 0, taxes: 0, newCharges: 0, amountDue: 0 }),
  invoiceDetails: (call) => json(invoiceDetails(lastNumber(call.url.pathname), 120.5)),
  invoiceContent: () => json(invoiceContent()),
  charges: () => json({ value: [] }),
  disputes: () => json({ value: [], count: 0 }),
  createDispute: () => json({ error: 'No dispute expected in this test' }, 500),
  usageSummary: () => json(usageSummary()),
  usageRecords: () =>
    json({ value: [], count: 0, totals: { count: 0, durationSeconds: 0, dataKb: 0, amount: 0 }, daily: [], currency: 'CAD' }),
  usageExport: () =>
    new Response('\uFEFFDate/Time,Type\n', {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="Usage-101001.csv"' },
    }),
  usageAlerts: () => json(defaultAlertSettings()),
  saveUsageAlerts: (call) => json(call.body),
  usageLimit: () => json({ amount: null, used: 3, reached: false }),
  saveUsageLimit: (call) => {
    const { amount } = call.body as { amount: number | null };
    return json({ amount, used: 3, reached: amount !== null && amount <= 3 });
  },
  receipt: (call) => pdfFile(`Receipt-${lastNumber(call.url.pathname)}.pdf`),
  statement: (call) => {
    const format = call.url.searchParams.get('format');
    const name = `Statement-${call.url.searchParams.get('from')}-to-${call.url.searchParams.get('to')}.${format}`;
    return format === 'csv'
      ? new Response('\uFEFFDate,Type\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
        })
      : pdfFile(name);
  },
  invoiceUrls: (call) => {
    const id = lastNumber(call.url.pathname);
    return json({
      urls: [
        { name: 'PDF', url: documentLink(id, 'pdf') },
        { name: 'CDRs', url: documentLink(id, 'cdrs') },
      ],
    });
  },
};

/** Routes `fetch` to the fake service; `overrides` replace single routes. Returns the recorded calls. */
export const mockPortalBilling = (overrides: Partial<Record<BillingRoute, Handler>> = {}) => {
  const mock = mockFetch((call) => {
    const route = ROUTES.find(([, endpoint]) => isCallTo(endpoint, call));
    if (!route) return json({ error: `No fake for ${call.method} ${call.url.pathname}` }, 404);
    return (overrides[route[0]] ?? DEFAULTS[route[0]])(call);
  });
  const callsTo = (name: BillingRoute) => mock.calls.filter((call) => isCallTo(ROUTES.find(([r]) => r === name)![1], call));
  return { ...mock, callsTo };
};

/** A response that never arrives (to look at loading states). */
export const never = (): Promise<Response> => new Promise<Response>(() => undefined);

/** Desktop layout (tables). jsdom's own matchMedia matches nothing, i.e. a phone. Restored after each test. */
export const wideScreen = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === WIDE_SCREEN_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
