/** Payment/* calls, and the payment machinery other modules and the jobs use. */
export { paymentRoutes } from './routes';
export { allocateOldestFirst } from '../../lib/allocation';
export { chargeIdempotencyKey, submitCharge } from './charging';
export { presentPayment } from './presenter';
export { renderPaymentReceipt, type PaymentReceipt } from './receipt';
export { findProviderPayment, insertPayment, openReceivables, type PaymentRow } from './repository';
export { RESUBMIT_EVERY_MS, resubmitUnconfirmedCharges } from './resubmit-charges';
export { usableCard } from './service';
export { settlePayment } from './settlement';
export { settleDueSandboxPayments } from './settle-sandbox-payments';
