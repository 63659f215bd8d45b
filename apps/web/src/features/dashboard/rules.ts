import type { Balance, CurrencyCode, InvoiceListItem } from '@portal/contract';

/** How one balance card reads (spec §4 "Balance"): owing (negative) is red with a payment-due line, else green. */
export interface BalanceView {
  currency: CurrencyCode;
  /** Shown as an absolute value; `status` says which way it goes. */
  amount: number;
  status: 'owing' | 'clear' | 'credit';
  tone: 'danger' | 'success';
  /** ISO date of the payment-due line; only when owing. */
  dueDate: string | null;
}

/**
 * One view per currency. No balances → a single zero balance in `fallbackCurrency` ("You do not have a
 * balance owing"). The due date comes from the oldest unpaid posted invoice (decisions §5), not a constant.
 */
export const balanceViews = (
  balances: readonly Balance[],
  paymentDueDate: string | null,
  fallbackCurrency: CurrencyCode = 'USD',
): BalanceView[] => {
  if (balances.length === 0) {
    return [{ currency: fallbackCurrency, amount: 0, status: 'clear', tone: 'success', dueDate: null }];
  }
  return balances.map(({ amount, currency }) => {
    if (amount < 0) return { currency: currency.code, amount, status: 'owing', tone: 'danger', dueDate: paymentDueDate };
    return { currency: currency.code, amount, status: amount > 0 ? 'credit' : 'clear', tone: 'success', dueDate: null };
  });
};

/** The PDF link of an invoice list item (`s3UrlDetails.urls` entry named "PDF"), or null. */
export const pdfUrl = (invoice: Pick<InvoiceListItem, 's3UrlDetails'>): string | null =>
  invoice.s3UrlDetails.urls.find((u) => u.name === 'PDF')?.url ?? null;
