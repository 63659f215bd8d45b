/** Rows of an invoice → what the PDF prints. Pure: sums in exact minor units. */
import {
  invoiceStatus,
  invoiceSummary,
  minorToDecimal,
  moneyFromDecimal,
  todayIn,
  toMinor,
  type BalanceForward,
  type InvoiceChanges,
  type Money,
} from '@portal/contract';
import {
  BILL_CHANGES_TEXTS,
  billToLines,
  billToName,
  type BillToRow,
  type InvoiceChargeRow,
  type InvoiceCreditRow,
  type InvoicePaymentRow,
  type PostedInvoiceRow,
} from '../invoices';
import { documentLanguage } from '../../lib/language';
import { taxRegistrationsFor, type TaxNumbers } from '../../lib/tax-registrations';
import type { Brand } from './brand';
import type { InvoicePdfData } from './invoice-pdf';

/** A rate as written ("9.975", "5"), not as its column's scale pads it ("5.000"). */
const trimZeros = (decimal: string): string => decimal.replace(/\.?0+$/, '');

export const invoicePdfData = (input: {
  brand: Brand;
  invoice: PostedInvoiceRow;
  billTo: BillToRow;
  charges: InvoiceChargeRow[];
  payments: InvoicePaymentRow[];
  credits: InvoiceCreditRow[];
  /** What changed against the previous invoice, worded in the account's language. */
  changes: InvoiceChanges;
  /** The balance carried forward to it (the ledger's). */
  forward: BalanceForward;
  taxNumbers?: TaxNumbers;
  /** When the PDF is drawn: the status is the one the screens show at that moment. */
  now: Date;
}): InvoicePdfData => {
  const { invoice, billTo, forward } = input;
  const language = documentLanguage(billTo.language);
  const decimal = (amount: Money) => minorToDecimal(toMinor(amount));
  // The contract's rule, with "today" where the customer lives (their billing address's time zone).
  const status = invoiceStatus(
    {
      amount: moneyFromDecimal(invoice.amount),
      owing: moneyFromDecimal(invoice.owing),
      credited: moneyFromDecimal(invoice.credited),
      dueDate: invoice.dueDate,
    },
    todayIn(billTo.timeZone, input.now),
  );
  let subtotal = 0n;
  let taxes = 0n;
  for (const charge of input.charges) {
    if (charge.category === 'Tax') taxes += toMinor(charge.amount);
    else subtotal += toMinor(charge.amount);
  }
  // Only collected money reduces what is owed (the ledger rule), so only Successful payments print.
  const received = input.payments.filter((p) => p.status === 'Successful');
  const summary = invoiceSummary(
    invoice.amount,
    received.map((p) => p.assignedAmount),
    input.credits.map((c) => c.amount),
  );
  return {
    brand: input.brand,
    language,
    taxRegistrations: taxRegistrationsFor(billTo, input.taxNumbers ?? {}),
    invoiceNumber: invoice.invoiceNumber,
    accountNumber: billTo.customerNo,
    currency: invoice.currency,
    issueDate: invoice.postedDate,
    dueDate: invoice.dueDate,
    startDate: invoice.startDate,
    endDate: invoice.endDate,
    billTo: { name: billToName(billTo), lines: billToLines(billTo) },
    lines: input.charges.map((c) => ({
      category: c.category,
      description: c.description,
      startDate: c.startDate,
      endDate: c.endDate,
      quantity: c.quantity,
      amount: c.amount,
      ...(c.taxRate !== null || c.taxRegistration !== null ? { tax: { rate: c.taxRate && trimZeros(c.taxRate), registration: c.taxRegistration } } : {}),
    })),
    subtotal: minorToDecimal(subtotal),
    taxes: minorToDecimal(taxes),
    total: minorToDecimal(subtotal + taxes),
    // Oldest first on paper, as a statement reads.
    payments: [...received]
      .reverse()
      .map((p) => ({ date: p.date, description: p.description?.trim() ?? '', amount: p.assignedAmount })),
    paymentsTotal: minorToDecimal(summary.payments),
    credits: input.credits.map((c) => ({
      date: c.date,
      line: c.line,
      reason: c.reason,
      disputeId: c.disputeId,
      amount: c.amount,
    })),
    creditsTotal: minorToDecimal(summary.credits),
    invoiceTotal: minorToDecimal(summary.total),
    amountDue: minorToDecimal(summary.amountDue),
    status,
    changes: {
      heading: BILL_CHANGES_TEXTS[language].heading,
      summary: input.changes.summary,
      causes: input.changes.causes.map((cause) => ({ text: cause.text, amount: cause.amount })),
    },
    account: {
      previousBalance: decimal(forward.previousBalance),
      paymentsReceived: decimal(forward.paymentsReceived),
      creditsAndAdjustments: decimal(forward.creditsAndAdjustments),
      balanceForward: decimal(forward.balanceForward),
      charges: decimal(forward.charges),
      taxes: decimal(forward.taxes),
      totalDue: decimal(forward.amountDue),
    },
  };
};
