/** Rows of an invoice → what the PDF prints. Pure: sums in exact minor units. */
import { invoiceStatus, minorToDecimal, moneyFromDecimal, todayIn, toMinor } from '@portal/contract';
import { countryName, localeOfLanguage, subdivisionName, timeZoneOfAddress } from '@portal/contract/regions';
import { addressLine1, billToName, type BillToRow, type InvoiceChargeRow, type InvoicePaymentRow, type PostedInvoiceRow } from '../invoices';
import { documentLanguage } from '../../lib/language';
import type { Brand } from './brand';
import type { InvoicePdfData, TaxRegistration } from './invoice-pdf';

/** The provider's tax registration numbers (configuration); either may be unset. */
export interface TaxNumbers {
  gstHst?: string | undefined;
  qst?: string | undefined;
}

/** Which registrations an invoice shows: GST/HST on every Canadian account's, QST only on Quebec's. */
export const taxRegistrationsFor = (address: { country: string | null; province: string | null }, numbers: TaxNumbers): TaxRegistration[] => {
  if (address.country !== 'CA') return [];
  const registrations: TaxRegistration[] = [];
  if (numbers.gstHst) registrations.push({ kind: 'gstHst', number: numbers.gstHst });
  if (numbers.qst && address.province === 'QC') registrations.push({ kind: 'qst', number: numbers.qst });
  return registrations;
};

/** The bill-to address as printed lines, leaving out what is missing; province and country by name in the account's language. */
export const billToLines = (row: BillToRow): string[] => {
  const locale = localeOfLanguage(row.language);
  const province = subdivisionName(row.country, row.province, locale);
  const cityLine = [row.city, [province, row.postal].filter(Boolean).join('  ')].filter(Boolean).join(', ');
  return [addressLine1(row.streetNumber, row.streetName), cityLine, countryName(row.country, locale)].filter((line) => line.trim() !== '');
};

export const invoicePdfData = (input: {
  brand: Brand;
  invoice: PostedInvoiceRow;
  billTo: BillToRow;
  charges: InvoiceChargeRow[];
  payments: InvoicePaymentRow[];
  taxNumbers?: TaxNumbers;
  /** When the PDF is drawn: the status is the one the screens show at that moment. */
  now: Date;
}): InvoicePdfData => {
  const { invoice, billTo } = input;
  // The contract's rule, with "today" where the customer lives (their billing address's time zone).
  const status = invoiceStatus(
    { amount: moneyFromDecimal(invoice.amount), owing: moneyFromDecimal(invoice.owing), dueDate: invoice.dueDate },
    todayIn(timeZoneOfAddress(billTo), input.now),
  );
  let subtotal = 0n;
  let taxes = 0n;
  for (const charge of input.charges) {
    if (charge.category === 'Tax') taxes += toMinor(charge.amount);
    else subtotal += toMinor(charge.amount);
  }
  // Only collected money reduces what is owed (the ledger rule), so only Successful payments print.
  const received = input.payments.filter((p) => p.status === 'Successful');
  const paymentsTotal = received.reduce((sum, p) => sum + toMinor(p.assignedAmount), 0n);
  return {
    brand: input.brand,
    language: documentLanguage(billTo.language),
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
    })),
    subtotal: minorToDecimal(subtotal),
    taxes: minorToDecimal(taxes),
    total: minorToDecimal(subtotal + taxes),
    // Oldest first on paper, as a statement reads.
    payments: [...received].reverse().map((p) => ({ date: p.date, description: p.description?.trim() ?? '', amount: p.assignedAmount })),
    paymentsTotal: minorToDecimal(paymentsTotal),
    amountDue: invoice.owing,
    status,
  };
};
