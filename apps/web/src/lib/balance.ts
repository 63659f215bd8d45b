import type { Balance, CurrencyCode, OverdueBalance } from '@portal/contract';

/** How one balance card reads: owing (negative) is red with a payment-due line, else green. */
export interface BalanceView {
  currency: CurrencyCode;
  /** Shown as an absolute value; `status` says which way it goes. */
  amount: number;
  status: 'owing' | 'clear' | 'credit';
  tone: 'danger' | 'success';
  /** ISO date of the payment-due line (or of "Overdue since"); only when owing. */
  dueDate: string | null;
  /** Something in this currency is past due in the account's time zone: the line says "Overdue since {date}". */
  overdue: boolean;
  /** What is still owed on the invoices past due (shown beside "Overdue since"); null when nothing is overdue. */
  overdueAmount: number | null;
}

/**
 * One view per currency. No balances → a single zero balance in `fallbackCurrency` ("You do not have a
 * balance owing"). The due date comes from the oldest unpaid posted invoice (docs/decisions/0006-where-the-spec-is-wrong.md), not a constant;
 * what is overdue comes from the home model, where the server applies the contract's one rule
 * (`overdueByCurrency`) with the date in the account's time zone.
 */
export const balanceViews = (
  balances: readonly Balance[],
  paymentDueDate: string | null,
  overdue: readonly OverdueBalance[],
  fallbackCurrency: CurrencyCode = 'USD',
): BalanceView[] => {
  if (balances.length === 0) {
    return [{ currency: fallbackCurrency, amount: 0, status: 'clear', tone: 'success', dueDate: null, overdue: false, overdueAmount: null }];
  }
  return balances.map(({ amount, currency }) => {
    const code = currency.code;
    if (amount >= 0) {
      return { currency: code, amount, status: amount > 0 ? 'credit' : 'clear', tone: 'success', dueDate: null, overdue: false, overdueAmount: null };
    }
    const late = overdue.find((o) => o.currency.code === code);
    if (late) return { currency: code, amount, status: 'owing', tone: 'danger', dueDate: late.since, overdue: true, overdueAmount: late.amount };
    return { currency: code, amount, status: 'owing', tone: 'danger', dueDate: paymentDueDate, overdue: false, overdueAmount: null };
  });
};
