import type { Balance, CurrencyCode } from '@portal/contract';

/** How one balance card reads (spec §4 "Balance"): owing (negative) is red with a payment-due line, else green. */
export interface BalanceView {
  currency: CurrencyCode;
  /** Shown as an absolute value; `status` says which way it goes. */
  amount: number;
  status: 'owing' | 'clear' | 'credit';
  tone: 'danger' | 'success';
  /** ISO date of the payment-due line; only when owing. */
  dueDate: string | null;
  /** The due date has passed in the account's time zone: the line says "Overdue since {date}". */
  overdue: boolean;
}

/**
 * One view per currency. No balances → a single zero balance in `fallbackCurrency` ("You do not have a
 * balance owing"). The due date comes from the oldest unpaid posted invoice (decisions §5), not a constant.
 */
export const balanceViews = (
  balances: readonly Balance[],
  paymentDueDate: string | null,
  /** Today in the account's time zone (ISO date). */
  today: string,
  fallbackCurrency: CurrencyCode = 'USD',
): BalanceView[] => {
  if (balances.length === 0) {
    return [{ currency: fallbackCurrency, amount: 0, status: 'clear', tone: 'success', dueDate: null, overdue: false }];
  }
  const overdue = paymentDueDate !== null && paymentDueDate < today;
  return balances.map(({ amount, currency }) => {
    if (amount < 0) return { currency: currency.code, amount, status: 'owing', tone: 'danger', dueDate: paymentDueDate, overdue };
    return { currency: currency.code, amount, status: amount > 0 ? 'credit' : 'clear', tone: 'success', dueDate: null, overdue: false };
  });
};
