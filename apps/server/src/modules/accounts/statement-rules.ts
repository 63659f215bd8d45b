/**
 * The rules of a statement of account, pure: its period as instants (whole days of the account's
 * calendar), its balances from the ledger, and its lines in date order with the running balance.
 */
import { nextDay, startOfDayIn, toMinor } from '@portal/contract';

/**
 * [the first day's midnight, the midnight after the last day) in the account's zone, as ISO instants, for
 * payments and credits; the same days on the billing run's clock (UTC) for invoices, which are dated by the
 * day they were issued (`issueDay`): an invoice posted at midnight UTC on the 1st belongs to the 1st.
 */
export interface Period {
  from: string;
  until: string;
  issuedFrom: string;
  issuedUntil: string;
}

/** The period of `startDate`…`endDate` (both included) in the account's `timeZone`. */
export const periodOf = (startDate: string, endDate: string, timeZone: string): Period => {
  const dayAfter = nextDay(endDate);
  return {
    from: startOfDayIn(timeZone, startDate).toISOString(),
    until: startOfDayIn(timeZone, dayAfter).toISOString(),
    issuedFrom: `${startDate}T00:00:00.000Z`,
    issuedUntil: `${dayAfter}T00:00:00.000Z`,
  };
};

/** What the ledger holds before the period opens (numeric text). */
export interface StatementSums {
  /** Successful payments before the period. */
  paidBefore: string;
  /** Posted invoices posted before the period. */
  invoicedBefore: string;
  /** Credit notes dated before the period. */
  creditedBefore: string;
}

/** A statement's balances in minor units, ledger sign: successful payments + credits − posted invoices (negative = owing). */
export interface StatementBalances {
  opening: bigint;
  invoiced: bigint;
  paid: bigint;
  credited: bigint;
  closing: bigint;
}

const sum = (amounts: readonly string[]): bigint => amounts.reduce((total, amount) => total + toMinor(amount), 0n);

export const statementBalances = (
  before: StatementSums,
  period: { invoices: readonly string[]; payments: readonly string[]; credits: readonly string[] },
): StatementBalances => {
  const opening = toMinor(before.paidBefore) + toMinor(before.creditedBefore) - toMinor(before.invoicedBefore);
  const invoiced = sum(period.invoices);
  const paid = sum(period.payments);
  const credited = sum(period.credits);
  return { opening, invoiced, paid, credited, closing: opening + paid + credited - invoiced };
};

export type StatementEntryKind = 'invoice' | 'payment' | 'credit';

/** One dated movement of the period: an invoice charges, a payment or a credit lowers what is owed. */
export interface StatementEntry {
  kind: StatementEntryKind;
  id: bigint;
  date: Date;
  /** Exact decimal text, positive. */
  amount: string;
}

export interface StatementLine<E extends StatementEntry> {
  entry: E;
  /** What the invoice adds to what is owed (minor units), 0 for payments and credits. */
  charge: bigint;
  /** What a payment or credit takes off (minor units), 0 for invoices. */
  credit: bigint;
  /** What is owed after this line (minor units; negative when the account is in credit). */
  owing: bigint;
}

// On one instant an invoice comes before what pays or credits it.
const KIND_ORDER: Readonly<Record<StatementEntryKind, number>> = { invoice: 0, payment: 1, credit: 2 };

/**
 * The period's movements oldest first (date, then invoice before payment before credit, then id) with
 * what is owed after each, starting from `openingOwing` (= −opening balance). The last line's `owing`
 * is the closing amount owed.
 */
export const statementLines = <E extends StatementEntry>(openingOwing: bigint, entries: readonly E[]): StatementLine<E>[] => {
  const ordered = [...entries].sort(
    (a, b) =>
      a.date.getTime() - b.date.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let owing = openingOwing;
  return ordered.map((entry) => {
    const amount = toMinor(entry.amount);
    const charge = entry.kind === 'invoice' ? amount : 0n;
    const credit = entry.kind === 'invoice' ? 0n : amount;
    owing += charge - credit;
    return { entry, charge, credit, owing };
  });
};
