/**
 * The saved-card dialogs, in one chunk that loads after the page has shown (see lazy-dialogs.tsx): neither is
 * needed to display a screen.
 */
import { registerLocales } from '@/lib/i18n/i18n';
import { paymentMethodDialogLocales } from '../dialog-locales';

// Top-level await: the dialogs render only once their texts are in (French downloaded when needed).
await registerLocales('payment-method-dialogs', paymentMethodDialogLocales);

export { AddPaymentMethodModal } from './add-payment-method-modal';
export { DeleteCardDialog } from './delete-card-dialog';
