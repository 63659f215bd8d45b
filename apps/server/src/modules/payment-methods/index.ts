/** PaymentMethod/* calls, and the saved cards other modules charge or set up. */
export { paymentMethodRoutes } from './routes';
export { noticeExpiringCards } from './expiry-notices';
export { findPaymentMethod, findSameCard, hasDefaultPaymentMethod, insertPaymentMethod, type PaymentMethodRow } from './repository';
export { changeDefaultCard } from './default-card';
export { findSameBankAccount, insertBankAccount, queueAgreementConfirmation, queueDebitNotice, type AcceptedAgreement } from './bank-accounts';
