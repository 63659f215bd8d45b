/** A loaded statement → what its PDF and CSV print, in the account's language and time zone. Pure. */
import { OFFLINE_PAYMENT_METHOD_LABELS, issueDay, minorToDecimal, todayIn } from '@portal/contract';
import type { Brand } from '../../lib/brand';
import { formatPeriod } from '../../lib/document-format';
import { documentLanguage, type DocumentLanguage } from '../../lib/language';
import { taxRegistrationsFor, type TaxNumbers, type TaxRegistration } from '../../lib/tax-registrations';
import { billToLines, billToName, type BillToRow } from '../invoices';
import type { LoadedStatement } from './service';
import { statementBalances, statementLines, type StatementEntry, type StatementEntryKind } from './statement-rules';
import { STATEMENT_TEXTS } from './statement-texts';

export interface StatementDocumentLine {
  /** The day in the account's zone, `YYYY-MM-DD`. */
  date: string;
  kind: StatementEntryKind;
  reference: string;
  description: string;
  /** Exact decimal text, or null when the line is on the other side. */
  charge: string | null;
  credit: string | null;
  /** What is owed after the line (negative: in credit). */
  owing: string;
}

export interface StatementDocumentData {
  brand: Brand;
  language: DocumentLanguage;
  taxRegistrations: TaxRegistration[];
  accountNumber: string;
  currency: string;
  from: string;
  to: string;
  /** Today in the account's zone. */
  statementDate: string;
  billTo: { name: string; lines: string[] };
  /** What was owed when the period opened, and at its close (negative: in credit); the period's totals. */
  openingOwing: string;
  invoiced: string;
  paid: string;
  credited: string;
  closingOwing: string;
  lines: StatementDocumentLine[];
}

type Entry = StatementEntry & { reference: string; description: string };

export const statementDocumentData = (input: {
  brand: Brand;
  statement: LoadedStatement;
  billTo: BillToRow;
  from: string;
  to: string;
  taxNumbers?: TaxNumbers;
  now: Date;
}): StatementDocumentData => {
  const { statement, billTo } = input;
  const language = documentLanguage(billTo.language);
  const t = STATEMENT_TEXTS[language];
  const timeZone = billTo.timeZone;
  const balances = statementBalances(statement.before, {
    invoices: statement.invoices.map((i) => i.amount),
    payments: statement.payments.map((p) => p.amount),
    credits: statement.credits.map((c) => c.amount),
  });
  const entries: Entry[] = [
    ...statement.invoices.map((i) => ({
      kind: 'invoice' as const,
      id: i.id,
      // Posted invoices always have their posting instant; the list query selects only those.
      date: i.postedDate!,
      amount: i.amount,
      reference: i.invoiceNumber,
      description: t.invoice(i.invoiceNumber, formatPeriod(i.startDate, i.endDate, language)),
    })),
    ...statement.payments.map((p) => ({
      kind: 'payment' as const,
      id: p.id,
      date: p.date,
      amount: p.amount,
      reference: p.receiptNumber,
      description:
        p.cardBrand && p.cardLast4
          ? t.payment(t.card(p.cardBrand, p.cardLast4))
          : p.method
            ? t.payment(OFFLINE_PAYMENT_METHOD_LABELS[language][p.method])
            : p.description?.trim() || t.defaultPayment,
    })),
    ...statement.credits.map((c) => ({
      kind: 'credit' as const,
      id: c.id,
      date: c.date,
      amount: c.amount,
      reference: c.invoiceNumber ?? '',
      // A dispute's credit names the dispute; the provider's credits say why they were given.
      description: t.credit(c.invoiceNumber, c.disputeId, c.disputeId === null ? c.description : null),
    })),
  ];
  // Printed as what is owed: the ledger balance with its sign turned.
  const lines = statementLines(-balances.opening, entries).map(({ entry, charge, credit, owing }) => ({
    // An invoice on the day it was issued (as it prints); a payment or credit on the customer's day.
    date: entry.kind === 'invoice' ? issueDay(entry.date) : todayIn(timeZone, entry.date),
    kind: entry.kind,
    reference: entry.reference,
    description: entry.description,
    charge: entry.kind === 'invoice' ? minorToDecimal(charge) : null,
    credit: entry.kind === 'invoice' ? null : minorToDecimal(credit),
    owing: minorToDecimal(owing),
  }));
  return {
    brand: input.brand,
    language,
    taxRegistrations: taxRegistrationsFor(billTo, input.taxNumbers ?? {}),
    accountNumber: billTo.customerNo,
    currency: statement.currency,
    from: input.from,
    to: input.to,
    statementDate: todayIn(timeZone, input.now),
    billTo: { name: billToName(billTo), lines: billToLines(billTo) },
    openingOwing: minorToDecimal(-balances.opening),
    invoiced: minorToDecimal(balances.invoiced),
    paid: minorToDecimal(balances.paid),
    credited: minorToDecimal(balances.credited),
    closingOwing: minorToDecimal(-balances.closing),
    lines,
  };
};
