/**
 * A succeeded refund's receipt (docs/decisions/0036-refunds-and-pay-all.md): the payment receipt's page,
 * in the account's language, saying what was given back, on which payment, the invoices it reopened and
 * what the account owed after it.
 */
import { REFUND_MESSAGES } from '@portal/contract';
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { BRAND } from '../../lib/brand';
import { documentLanguage } from '../../lib/language';
import { owingAtSql } from '../../lib/ledger';
import { taxNumbersOf } from '../../lib/tax-registrations';
import { findBillTo } from '../invoices';
import { receiptPdfData } from './receipt-data';
import { renderReceiptPdf } from './receipt-pdf';
import { REFUND_RECEIPT_TEXTS } from './receipt-texts';
import type { PaymentReceipt } from './receipt';
import { findVisibleRefund, listRefundInvoices } from './refund-repository';
import { findPayment } from './repository';

/** Payment/refund/{refundId}/receipt: 404 unless the caller may use the refund's account, 409 unless it succeeded. */
export const getRefundReceipt = async ({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, refundId: bigint): Promise<PaymentReceipt> => {
  const refund = await findVisibleRefund(db, caller, refundId);
  if (!refund) throw notFound('The refund');
  if (refund.status !== 'Succeeded' || !refund.settledAt) throw conflict(REFUND_MESSAGES.notSucceeded);
  const settledAt = refund.settledAt;
  const [payment, billTo, invoices, owing] = await Promise.all([
    findPayment(db, refund.paymentId),
    findBillTo(db, refund.accountId, settledAt, clock.now()),
    listRefundInvoices(db, refund.id),
    db.execute<{ owing: string }>(owingAtSql(refund.accountId, refund.currency, settledAt)),
  ]);
  if (!payment || !billTo) throw new Error(`Refund ${refund.id}: its payment or account is missing`);
  const data = receiptPdfData({
    brand: BRAND,
    // The refund's own number, date, amount and reference, on its payment's card or method.
    payment: { ...payment, receiptNumber: refund.receiptNumber, providerRef: refund.providerRef, date: settledAt, amount: refund.amount, description: refund.reason },
    billTo,
    invoices,
    remainingBalance: owing.rows[0]!.owing,
    taxNumbers: taxNumbersOf(config),
    refundOf: payment.receiptNumber,
  });
  return {
    fileName: REFUND_RECEIPT_TEXTS[documentLanguage(billTo.language)].fileName(data.receiptNumber),
    pdf: await renderReceiptPdf(data),
  };
};
