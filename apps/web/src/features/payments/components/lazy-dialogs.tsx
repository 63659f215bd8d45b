import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { AddPaymentMethodModalProps } from './add-payment-method-modal';
import type { AutopayOffDialogProps } from './autopay-off-dialog';
import type { AutopaySetupDialogProps } from './autopay-setup-dialog';
import type { DeleteCardDialogProps } from './delete-card-dialog';
import type { PayModalProps } from './pay-modal';

const load = () => import('./payment-dialogs');

/**
 * Starts downloading the dialogs. Pages call it once they have rendered, so the first "Pay" click opens the
 * dialog at once while the page's own first load stays within the route budget (decisions §9).
 */
export const preloadPaymentDialogs = (): void => {
  void load();
};

/**
 * A dialog whose code loads on demand: nothing is rendered until it is first opened; from then on it stays
 * mounted, so closing animates and Radix returns focus to the element that opened it.
 */
const lazyDialog = <P extends { open: boolean }>(pick: (module: Awaited<ReturnType<typeof load>>) => ComponentType<P>) => {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  return function LazyDialog(props: P) {
    const [used, setUsed] = useState(props.open);
    // Derived state (React's documented pattern): the first opening mounts the dialog for good.
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
};

export const PayModal = lazyDialog<PayModalProps>((m) => m.PayModal);
export const AddPaymentMethodModal = lazyDialog<AddPaymentMethodModalProps>((m) => m.AddPaymentMethodModal);
export const AutopaySetupDialog = lazyDialog<AutopaySetupDialogProps>((m) => m.AutopaySetupDialog);
export const AutopayOffDialog = lazyDialog<AutopayOffDialogProps>((m) => m.AutopayOffDialog);
export const DeleteCardDialog = lazyDialog<DeleteCardDialogProps>((m) => m.DeleteCardDialog);
