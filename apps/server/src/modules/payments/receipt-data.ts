/** Rows of a successful payment → what its receipt prints. Pure: sums in exact minor units. */
import { OFFLINE_PAYMENT_METHOD_LABELS, minorToDecimal, toMinor } from '@portal/contract';
import type { Brand } from '../../lib/brand';
import { documentLanguage, type DocumentLanguage } from '../../lib/language';
import { taxRegistrationsFor, type TaxNumbers, type TaxRegistration } from '../../lib/tax-registrations';
import { billToLines, billToName, type BillToRow } from '../invoices';
import type { PaymentRow } from './repository';

/** An invoice the payment paid (one payment assignment) and the amount applied to it. */
export interface ReceiptInvoiceRow {
  invoiceNumber: string;
  startDate: string;
  endDate: string;
  dueDate: string;
  /** Exact decimal text of the assignment. */
  applied: string;
}

export interface ReceiptPdfData {
  brand: Brand;
  language: DocumentLanguage;
  /** The account's zone (its billing address's): the payment's date is its day there. */
  timeZone: string;
  taxRegistrations: TaxRegistration[];
  receiptNumber: string;
  /** The card processor's reference of the payment, or an offline payment's own, when it has one. */
  paymentReference: string | null;
  accountNumber: string;
  paymentDate: Date;
  currency: string;
  amount: string;
  /** "Visa" and "4242", when a card paid. */
  card: { brand: string; last4: string } | null;
  /** How an offline payment was made, in the receipt's language ("Virement bancaire"). */
  offlineMethod: string | null;
  description: string;
  receivedFrom: { name: string; lines: string[] };
  invoices: ReceiptInvoiceRow[];
  totalApplied: string;
  /** What the account owed in this currency right after the payment (negative: in credit). */
  remainingBalance: string;
  /** A refund's receipt names the receipt of the payment it gave back on; null on a payment's receipt. */
  refundOf: string | null;
  /** A pay-all payment's share of each account (docs/decisions/0036-refunds-and-pay-all.md); empty otherwise. */
  shares: { accountNumber: string; amount: string }[];
}

export const receiptPdfData = (input: {
  brand: Brand;
  payment: Pick<
    PaymentRow,
    'receiptNumber' | 'providerRef' | 'date' | 'amount' | 'currency' | 'description' | 'cardBrand' | 'cardLast4' | 'method' | 'reference'
  >;
  billTo: BillToRow;
  invoices: ReceiptInvoiceRow[];
  /** Numeric text from `owingAfterPayment`. */
  remainingBalance: string;
  taxNumbers?: TaxNumbers;
  /** The refunded payment's receipt number, for a refund's receipt. */
  refundOf?: string;
  shares?: { accountNumber: string; amount: string }[];
}): ReceiptPdfData => {
  const { payment, billTo } = input;
  const language = documentLanguage(billTo.language);
  const applied = input.invoices.reduce((sum, invoice) => sum + toMinor(invoice.applied), 0n);
  return {
    brand: input.brand,
    language,
    timeZone: billTo.timeZone,
    taxRegistrations: taxRegistrationsFor(billTo, input.taxNumbers ?? {}),
    receiptNumber: payment.receiptNumber,
    paymentReference: payment.providerRef?.trim() || payment.reference?.trim() || null,
    accountNumber: billTo.customerNo,
    paymentDate: payment.date,
    currency: payment.currency.trim(),
    amount: payment.amount,
    card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    offlineMethod: payment.method ? OFFLINE_PAYMENT_METHOD_LABELS[language][payment.method] : null,
    description: payment.description?.trim() ?? '',
    receivedFrom: { name: billToName(billTo), lines: billToLines(billTo) },
    invoices: input.invoices,
    totalApplied: minorToDecimal(applied),
    remainingBalance: minorToDecimal(toMinor(input.remainingBalance)),
    refundOf: input.refundOf ?? null,
    shares: input.shares ?? [],
  };
};
