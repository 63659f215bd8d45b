/** Saved cards ("Add Payment Method"): what the payments screen and invoice pages use. */
export { paymentMethodsQuery } from './api/get-payment-methods';
export { AddPaymentMethodModal, preloadPaymentMethodDialogs } from './components/lazy-dialogs';
export { PaymentMethodsCard } from './components/payment-methods-card';
export { paymentMethodsLocales } from './locales';
export { useCheckoutReturn } from './use-checkout-return';
