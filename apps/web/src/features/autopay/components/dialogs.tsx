/**
 * The automatic payment dialogs, in one chunk that loads after the page has shown (see lazy-dialogs.tsx):
 * neither is needed to display a screen.
 */
import { registerLocales } from '@/lib/i18n/i18n';
import { autopayDialogLocales } from '../dialog-locales';

// Top-level await: the dialogs render only once their texts are in (French downloaded when needed).
await registerLocales('autopay-dialogs', autopayDialogLocales);

export { AutopayOffDialog } from './autopay-off-dialog';
export { AutopaySetupDialog } from './autopay-setup-dialog';
