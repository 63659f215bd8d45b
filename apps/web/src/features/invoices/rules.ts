import {
  compareMoney,
  fromMinor,
  INVOICE_PAGE_SIZE,
  invoiceSummary,
  type InvoiceCredit,
  type InvoiceDetails,
  type InvoicePayment,
  type Money,
} from '@portal/contract';
import { subMonths } from 'date-fns';
import { toIsoDate } from '@/lib/format';

/**
 * Pure rules of the invoice screens (list, detail and its filter).
 * Screens only render what these return; `now` is passed in so tests are deterministic.
 */

// ── Period filter ───────────────────────────────────────────────────────────────────────────────

/** Period filter choices: All Time, Last 3 Months, Last 6 Months, Last Year. */
export const INVOICE_PERIODS = ['all', '3m', '6m', '1y'] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];

const PERIOD_MONTHS: Record<Exclude<InvoicePeriod, 'all'>, number> = { '3m': 3, '6m': 6, '1y': 12 };

export const isInvoicePeriod = (value: unknown): value is InvoicePeriod =>
  typeof value === 'string' && (INVOICE_PERIODS as readonly string[]).includes(value);

/** First calendar day a period reaches back to (3, 6 or 12 months before `now`), `YYYY-MM-DD`; null for All Time. */
export const periodStartDate = (period: InvoicePeriod, now: Date): string | null =>
  period === 'all' ? null : toIsoDate(subMonths(now, PERIOD_MONTHS[period]));

export interface InvoiceListFilterInput {
  accountId: bigint;
  period: InvoicePeriod;
  search: string;
  now: Date;
}

/**
 * The list's dnfilter: `AccountId==x && State=="Posted"`, plus `EndDate>=date` for a period and
 * `InvoiceNumber.contains("text")` for a search. The search text is written as a JSON string literal, so
 * quotes, backslashes and control characters can never break out of it.
 */
export const invoiceListFilter = ({ accountId, period, search, now }: InvoiceListFilterInput): string => {
  const parts = [`AccountId==${accountId}`, 'State=="Posted"'];
  const since = periodStartDate(period, now);
  if (since) parts.push(`EndDate>=${since}`);
  const text = search.trim();
  if (text) parts.push(`InvoiceNumber.contains(${JSON.stringify(text)})`);
  return parts.join(' && ');
};

/** Newest billing period first on the invoice list. */
export const INVOICE_LIST_ORDER = 'EndDate desc';

/** Number of pages for `count` invoices (at least 1, so "page 1 of 1" holds for an empty list). */
export const pageCount = (count: number, pageSize: number = INVOICE_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(Math.max(0, count) / pageSize));

/** `skip` of a 1-based page. */
export const pageSkip = (page: number, pageSize: number = INVOICE_PAGE_SIZE): number => (Math.max(1, page) - 1) * pageSize;

// ── List state in the URL ───────────────────────────────────────────────────────────────────────

/** What the list shows; kept in the URL (`?period=6m&q=123&page=2`) so back/forward and reload keep it. */
export interface InvoiceListState {
  period: InvoicePeriod;
  search: string;
  page: number;
}

export const LIST_PARAMS = { period: 'period', search: 'q', page: 'page' } as const;

/** Reads the list state from the URL; anything unknown or malformed falls back to the default. */
export const readListState = (params: URLSearchParams): InvoiceListState => {
  const period = params.get(LIST_PARAMS.period);
  const page = Number(params.get(LIST_PARAMS.page));
  return {
    period: isInvoicePeriod(period) ? period : 'all',
    search: params.get(LIST_PARAMS.search) ?? '',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
};

/** The URL params of a list state; defaults are left out so the plain /invoices URL stays clean. */
export const listStateParams = (state: InvoiceListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.period !== 'all') params.set(LIST_PARAMS.period, state.period);
  const search = state.search.trim();
  if (search) params.set(LIST_PARAMS.search, search);
  if (state.page > 1) params.set(LIST_PARAMS.page, String(state.page));
  return params;
};

// ── Status, paying ──────────────────────────────────────────────────────────────────────────────
// The status itself is the contract's one rule (invoiceStatus: Paid, Credited, Partially paid, Partially credited, Overdue, Unpaid).

/** "Pay Invoice" shows only when owing is not zero. */
export const canPayInvoice = (owing: Money): boolean => compareMoney(owing, 0) !== 0;

/** Amount Due is shown in red when owing is above 0. */
export const isAmountDueOverdue = (owing: Money): boolean => compareMoney(owing, 0) > 0;

/** The Invoice Summary's amounts: total − payments − credits = amount due. */
export interface InvoiceSummaryAmounts {
  total: Money;
  payments: Money;
  credits: Money;
  amountDue: Money;
}

/** The summary of an invoice: only Successful payments count (the ledger rule), and every credit. */
export const invoiceSummaryAmounts = (
  details: Pick<InvoiceDetails, 'invoice' | 'payments' | 'credits'>,
): InvoiceSummaryAmounts => {
  const figures = invoiceSummary(
    details.invoice.amount,
    details.payments.filter((p) => p.payment.status === 'Successful').map((p) => p.paymentAssignment.amount),
    details.credits.map((c) => c.amount),
  );
  return {
    total: fromMinor(figures.total),
    payments: fromMinor(figures.payments),
    credits: fromMinor(figures.credits),
    amountDue: fromMinor(figures.amountDue),
  };
};

/** Credits oldest first, then by id (ids are bigint: compared exactly). */
export const sortInvoiceCredits = (credits: readonly InvoiceCredit[]): InvoiceCredit[] =>
  [...credits].sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || (a.id === b.id ? 0 : a.id > b.id ? 1 : -1));

// ── Payment history of an invoice ───────────────────────────────────────────────────────────────

/** Newest first by date, then by payment id descending (ids are bigint: compared exactly). */
export const sortInvoicePayments = (payments: readonly InvoicePayment[]): InvoicePayment[] =>
  [...payments].sort((a, b) => {
    const byDate = Date.parse(b.payment.date) - Date.parse(a.payment.date);
    if (byDate !== 0) return byDate;
    return a.payment.id === b.payment.id ? 0 : b.payment.id > a.payment.id ? 1 : -1;
  });

/** A payment without a description is shown as "Payment" (the caller passes the translated word). */
export const paymentDescription = (description: string | null, fallback: string): string => description?.trim() || fallback;

/** Whether any payment on the invoice is still settling (the page then polls until it is not). */
export const hasSettlingPayment = (payments: readonly InvoicePayment[]): boolean =>
  payments.some((p) => p.payment.status === 'InProgress');

// ── Route parameter ─────────────────────────────────────────────────────────────────────────────

/** The `:invoiceId` of the URL as an id, or null when it is not one (the page then shows "not found"). */
export const parseInvoiceId = (value: string | undefined): bigint | null => {
  if (!value || !/^\d{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id <= 9223372036854775807n ? id : null;
};
