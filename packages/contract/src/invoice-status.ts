/**
 * The one rule of an invoice's state, shared by the invoice list, the invoice detail, the balance card
 * and the invoice PDF. Dates are calendar dates in the account's time zone: an invoice due on the 21st
 * is overdue from midnight at the start of the 22nd where the customer lives, not in UTC.
 */
import { dayIn } from './calendar';
import { compareMoney, toMinor } from './money';
import type { Money } from './primitives';

export const INVOICE_STATUSES = ['Paid', 'Credited', 'PartiallyPaid', 'PartiallyCredited', 'Overdue', 'Unpaid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Paid when nothing is owed, Credited when credits alone cleared it; Overdue when something is owed and
 * the due date is before today (even if part was paid: being late is what the customer must act on);
 * Partially paid when payments took part of it off, Partially credited when only credits did; Unpaid
 * otherwise. `credited` is the sum of the invoice's credit notes (0 when not known, as on the list).
 * `today` is an ISO date in the account's time zone (see `todayIn`).
 */
export const invoiceStatus = (
  invoice: { amount: Money; owing: Money; dueDate: string; credited?: Money },
  today: string,
): InvoiceStatus => {
  const credited = toMinor(invoice.credited ?? 0);
  const paid = toMinor(invoice.amount) - toMinor(invoice.owing) - credited;
  if (compareMoney(invoice.owing, 0) <= 0) return credited > 0n && paid <= 0n ? 'Credited' : 'Paid';
  if (invoice.dueDate.slice(0, 10) < today) return 'Overdue';
  if (paid > 0n) return 'PartiallyPaid';
  if (credited > 0n) return 'PartiallyCredited';
  return 'Unpaid';
};

/** An invoice's summary in exact minor units: always total − payments − credits = amount due. */
export interface InvoiceSummaryFigures {
  total: bigint;
  payments: bigint;
  credits: bigint;
  amountDue: bigint;
}

/**
 * The summary lines of an invoice from its total, the amounts of its Successful payment assignments
 * (only collected money counts, the ledger rule) and its credit notes.
 */
export const invoiceSummary = (
  total: Money | string,
  payments: readonly (Money | string)[],
  credits: readonly (Money | string)[],
): InvoiceSummaryFigures => {
  const sum = (amounts: readonly (Money | string)[]) => amounts.reduce<bigint>((s, a) => s + toMinor(a), 0n);
  const totalMinor = toMinor(total);
  const paid = sum(payments);
  const credited = sum(credits);
  return { total: totalMinor, payments: paid, credits: credited, amountDue: totalMinor - paid - credited };
};

/**
 * The calendar day an invoice was issued (`YYYY-MM-DD`): the day of its posting on the billing run's clock
 * (UTC), the day its PDF prints. Screens and statements date an invoice by this day, never by the reader's
 * clock, on which a posting at midnight UTC still falls on the period's last day.
 */
export const issueDay = (postedDate: Date | string): string => new Date(postedDate).toISOString().slice(0, 10);

/** The calendar date ("2026-11-24") at an instant in an IANA time zone. */
export const todayIn = (timeZone: string, now: Date): string => dayIn(timeZone, now);

/**
 * Of the invoices still owing, the one overdue the longest (its due date is "overdue since"), and the
 * total of every overdue invoice in minor units; null when none is overdue.
 */
export const overdueSummary = (
  invoices: readonly { amount: Money; owing: Money; dueDate: string }[],
  today: string,
): { since: string; owingMinor: bigint } | null => {
  const overdue = invoices.filter((i) => invoiceStatus(i, today) === 'Overdue');
  if (overdue.length === 0) return null;
  const since = overdue.map((i) => i.dueDate.slice(0, 10)).sort()[0]!;
  return { since, owingMinor: overdue.reduce((sum, i) => sum + toMinor(i.owing), 0n) };
};

/**
 * The balance cards' overdue line per currency: for each currency with an invoice past due on `today`
 * (the account's calendar date), the date it has been overdue since and the sum still owed on its past-due
 * invoices. Currencies with nothing past due are left out; the order is by currency code.
 */
export const overdueByCurrency = <C extends string>(
  invoices: readonly { amount: Money; owing: Money; dueDate: string; currency: C }[],
  today: string,
): { currency: C; since: string; owingMinor: bigint }[] => {
  const byCurrency = new Map<C, { amount: Money; owing: Money; dueDate: string }[]>();
  for (const invoice of invoices) byCurrency.set(invoice.currency, [...(byCurrency.get(invoice.currency) ?? []), invoice]);
  return [...byCurrency.keys()].sort().flatMap((currency) => {
    const summary = overdueSummary(byCurrency.get(currency)!, today);
    return summary ? [{ currency, ...summary }] : [];
  });
};
