import { lazyDialog } from '@/components/lazy-dialog';

const load = () => import('./dialogs');

/**
 * Starts downloading the pay modal. Pages call it once they have rendered, so the first "Pay" click opens the
 * dialog at once while the page's own first load stays within the route budget (docs/decisions/0009-performance-budgets.md).
 */
export const preloadPayModal = (): void => {
  void load();
};

export const PayModal = lazyDialog(load, (m) => m.PayModal);
