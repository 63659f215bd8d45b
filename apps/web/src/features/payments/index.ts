/** Paying (spec §2 "Modals", §4 "Pay modal"): what the invoice pages use. */
export { PayModal, preloadPayModal } from './components/lazy-dialogs';
