import { lazyDialog } from '@/components/lazy-dialog';

const load = () => import('./dialogs');

/** Starts downloading the dialogs, so the first click opens one at once while pages stay small (docs/decisions/0009-performance-budgets.md). */
export const preloadAutopayDialogs = (): void => {
  void load();
};

export const AutopaySetupDialog = lazyDialog(load, (m) => m.AutopaySetupDialog);
export const AutopayOffDialog = lazyDialog(load, (m) => m.AutopayOffDialog);
