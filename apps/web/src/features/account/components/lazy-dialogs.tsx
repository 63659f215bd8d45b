import { lazyDialog } from '@/components/lazy-dialog';

const load = () => import('./dialogs');

/** Starts downloading the dialogs, so the question opens at once when the customer tries to leave (docs/decisions/0009-performance-budgets.md). */
export const preloadAccountDialogs = (): void => {
  void load();
};

export const UnsavedChangesDialog = lazyDialog(load, (m) => m.UnsavedChangesDialog);
