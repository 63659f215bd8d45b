/** Paying: what the invoice pages and the dashboard use. */
export { PayModal, preloadPayModal } from './components/lazy-dialogs';
export { usePayBalance, type PayBalance } from './components/use-pay-balance';
