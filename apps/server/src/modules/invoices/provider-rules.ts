/**
 * The rules a posted invoice's body must keep beyond its shape, as field paths and messages. Pure: money
 * in exact minor units, dates as `YYYY-MM-DD` (which order as text).
 */
import { minorToDecimal, toMinor, type ProviderInvoiceBody } from '@portal/contract';

/** What the account says the invoice must agree with, and whether its number belongs to another invoice. */
export interface PostingContext {
  accountCurrency: string;
  numberTaken: boolean;
}

/** quantity × unitPrice in cents, rounded half away from zero (decimal strings, never floats). */
export const extendedCents = (quantity: string, unitPrice: string): bigint => {
  const scaled = (text: string, scale: number): bigint => {
    const negative = text.startsWith('-');
    const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
    const value = BigInt(whole! + fraction.padEnd(scale, '0'));
    return negative ? -value : value;
  };
  // quantity has 3 decimals and unitPrice 4: the product is in 10⁻⁷, cents are 10⁻².
  const product = scaled(quantity, 3) * scaled(unitPrice, 4);
  const unit = 100_000n;
  const magnitude = product < 0n ? -product : product;
  const cents = (magnitude + unit / 2n) / unit;
  return product < 0n ? -cents : cents;
};

export const numberTaken = (number: string): string => `The invoice number ${number} is already taken by another invoice.`;

/** Every problem of the body, by field path; empty when it may be posted. */
export const invoiceBodyProblems = (body: ProviderInvoiceBody, context: PostingContext): Record<string, string> => {
  const problems: Record<string, string> = {};
  if (body.currency !== context.accountCurrency.trim()) {
    problems.currency = `The account bills in ${context.accountCurrency.trim()}: an invoice in ${body.currency} cannot be posted to it.`;
  }
  if (body.periodStart > body.periodEnd) problems.periodEnd = 'The period must end on or after its start (periodStart).';
  if (body.issueDate > body.dueDate) problems.dueDate = 'The due date must be on or after the issue date.';
  if (context.numberTaken) problems.number = numberTaken(body.number);

  let sum = 0n;
  body.lines.forEach((line, i) => {
    sum += toMinor(line.amount);
    if (line.quantity !== undefined && line.unitPrice !== undefined) {
      const expected = extendedCents(line.quantity, line.unitPrice);
      if (expected !== toMinor(line.amount)) {
        problems[`lines.${i}.amount`] = `quantity × unitPrice is ${minorToDecimal(expected)}, not ${line.amount}.`;
      }
    }
    if (line.usage !== undefined && line.category !== 'Usage') problems[`lines.${i}.usage`] = 'Only a Usage line bills a usage class.';
  });
  body.taxes.forEach((tax) => {
    sum += toMinor(tax.amount);
  });
  const total = toMinor(body.total);
  if (total < 0n) problems.total = 'The total may not be negative: a credit is posted with POST /p/v1/credits.';
  else if (sum !== total) problems.total = `Lines and taxes sum to ${minorToDecimal(sum)}, not ${body.total}.`;
  return problems;
};
