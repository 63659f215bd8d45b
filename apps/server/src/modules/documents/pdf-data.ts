/** Rows of an invoice → what the PDF prints. Pure: sums in exact minor units. */
import { minorToDecimal, toMinor } from '@portal/contract';
import { addressLine1, billToName, type BillToRow, type InvoiceChargeRow, type InvoicePaymentRow, type PostedInvoiceRow } from '../invoices';
import type { Brand } from './brand';
import type { InvoicePdfData } from './invoice-pdf';

/** The bill-to address as printed lines, leaving out what is missing. */
export const billToLines = (row: BillToRow): string[] => {
  const cityLine = [row.city, [row.province, row.postal].filter(Boolean).join('  ')].filter(Boolean).join(', ');
  return [addressLine1(row.streetNumber, row.streetName), cityLine, row.country ?? ''].filter((line) => line.trim() !== '');
};

export const invoicePdfData = (input: {
  brand: Brand;
  invoice: PostedInvoiceRow;
  billTo: BillToRow;
  charges: InvoiceChargeRow[];
  payments: InvoicePaymentRow[];
}): InvoicePdfData => {
  const { invoice, billTo } = input;
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
    payments: [...received].reverse().map((p) => ({ date: p.date, description: p.description?.trim() || 'Payment', amount: p.assignedAmount })),
    paymentsTotal: minorToDecimal(paymentsTotal),
    amountDue: invoice.owing,
  };
};
