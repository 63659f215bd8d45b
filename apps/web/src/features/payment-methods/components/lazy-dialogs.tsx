import { lazyDialog } from '@/components/lazy-dialog';

const load = () => import('./dialogs');

/** Starts downloading the dialogs, so the first click opens one at once while pages stay small (docs/decisions/0009-performance-budgets.md). */
export const preloadPaymentMethodDialogs = (): void => {
  void load();
};

export const AddPaymentMethodModal = lazyDialog(load, (m) => m.AddPaymentMethodModal);
export const DeleteCardDialog = lazyDialog(load, (m) => m.DeleteCardDialog);
