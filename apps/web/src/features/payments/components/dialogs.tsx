/**
 * The pay modal, in a chunk of its own that loads after the page has shown (see lazy-dialogs.tsx): it is not
 * needed to display a screen, and with the dialog primitive and its mutation it weighs several KB gzip.
 */
import { registerLocales } from '@/lib/i18n/i18n';
import { paymentDialogLocales } from '../dialog-locales';

// Top-level await: the modal renders only once its texts are in (French downloaded when needed).
await registerLocales('payment-dialogs', paymentDialogLocales);

export { PayModal } from './pay-modal';
