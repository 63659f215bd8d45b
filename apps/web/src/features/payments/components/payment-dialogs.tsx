/**
 * The payment dialogs, in one chunk that loads after the page has shown (see lazy-dialogs.tsx): none of
 * them is needed to display a screen, and with the dialog primitive and their mutations they weigh about
 * 25 KB gzip.
 */
import { registerLocales } from '@/lib/i18n/i18n';
import { paymentDialogLocales } from '../dialog-locales';

// Top-level await: the dialogs render only once their texts are in (French downloaded when needed).
await registerLocales('payment-dialogs', paymentDialogLocales);

export { AddPaymentMethodModal } from './add-payment-method-modal';
export { AutopayOffDialog } from './autopay-off-dialog';
export { AutopaySetupDialog } from './autopay-setup-dialog';
export { DeleteCardDialog } from './delete-card-dialog';
export { PayModal } from './pay-modal';
