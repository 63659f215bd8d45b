/**
 * A successful payment's receipt: a PDF in the account's language with the invoices
 * it paid. `renderPaymentReceipt` serves anything that sends it (the "payment succeeded" email);
 * `getPaymentReceipt` is the call, for a caller who may use the payment's account.
 */
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { BRAND } from '../../lib/brand';
import { documentLanguage } from '../../lib/language';
import { taxNumbersOf } from '../../lib/tax-registrations';
import { findBillTo } from '../invoices';
import { receiptPdfData } from './receipt-data';
import { renderReceiptPdf } from './receipt-pdf';
import { accountNumbersOf, owingAfterPayment } from './receipt-repository';
import { minorToDecimal, toMinor } from '@portal/contract';
import { RECEIPT_TEXTS } from './receipt-texts';
import { findPayment, findVisiblePayment, listPaymentInvoices, sharesOf, type PaymentRow } from './repository';

export interface PaymentReceipt {
  /** "Receipt-R-0000123.pdf" / "Recu-R-0000123.pdf". */
  fileName: string;
  pdf: Buffer;
}

const NOT_RECEIVED: Readonly<Record<Exclude<PaymentRow['status'], 'Successful'>, string>> = {
  InProgress: 'This payment is still being processed: its receipt is available once the payment has succeeded.',
  Error: 'This payment did not succeed, so nothing was received and there is no receipt.',
};

const receiptOf = async ({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, paid: PaymentRow): Promise<PaymentReceipt> => {
  // A pay-all payment has one receipt, its lead's: the whole charge, each account's share and every invoice paid.
  const payment = (paid.payAllId !== null && (await findPayment(db, paid.payAllId))) || paid;
  const group = [payment, ...(await sharesOf(db, payment.id))];
  // The billing address current when the payment was made, as an invoice uses the one of its posting.
  const [billTo, invoices, remainingBalance, numbers] = await Promise.all([
    findBillTo(db, payment.accountId, payment.date, clock.now()),
    Promise.all(group.map((p) => listPaymentInvoices(db, p.id))).then((lists) => lists.flat()),
    owingAfterPayment(db, payment),
    group.length > 1 ? accountNumbersOf(db, group.map((p) => p.accountId)) : new Map<bigint, string>(),
  ]);
  if (!billTo) throw new Error(`Account ${payment.accountId} of payment ${payment.id} is missing`);
  const amount = minorToDecimal(group.reduce((sum, p) => sum + toMinor(p.amount), 0n));
  const shares = group.length > 1 ? group.map((p) => ({ accountNumber: numbers.get(p.accountId) ?? String(p.accountId), amount: p.amount })) : [];
  // The provider's tax registrations are printed as on invoices (Canadian accounts).
  const data = receiptPdfData({ brand: BRAND, payment: { ...payment, amount }, billTo, invoices, remainingBalance, taxNumbers: taxNumbersOf(config), shares });
  return {
    fileName: RECEIPT_TEXTS[documentLanguage(billTo.language)].fileName(data.receiptNumber),
    pdf: await renderReceiptPdf(data),
  };
};

/** The receipt of a Successful payment; null for an unknown payment or one that has not succeeded. */
export const renderPaymentReceipt = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>, paymentId: bigint): Promise<PaymentReceipt | null> => {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.status !== 'Successful') return null;
  return receiptOf(deps, payment);
};

/** Payment/{paymentId}/receipt: 404 unless the caller may use the payment's account, 409 unless it succeeded. */
export const getPaymentReceipt = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, paymentId: bigint): Promise<PaymentReceipt> => {
  const payment = await findVisiblePayment(deps.db, caller, paymentId);
  if (!payment) throw notFound('The payment');
  if (payment.status !== 'Successful') throw conflict(NOT_RECEIVED[payment.status]);
  return receiptOf(deps, payment);
};
