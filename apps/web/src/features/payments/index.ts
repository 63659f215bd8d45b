/** Paying: what the invoice pages and the dashboard use. */
export { PayModal, preloadPayModal } from './components/lazy-dialogs';
export { usePayBalance, type PayBalance } from './components/use-pay-balance';

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const paymentsPages = {
  payments: () => import('./routes/payments'),
};
