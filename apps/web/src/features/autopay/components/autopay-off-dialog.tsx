import { AUTOPAY_OFF } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { refreshAccount } from '@/lib/refresh-account';
import { updateDefaultPaymentMethod } from '../api/update-default-payment-method';

export interface AutopayOffDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
  onDone: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * "Turn off automatic payments?": confirmed first, then "Credit Card (Manual)" is saved; the
 * schedule is kept, so turning them back on restores it.
 */
export function AutopayOffDialog({ open, onOpenChange, accountId, onDone, onFailed }: AutopayOffDialogProps) {
  const { t } = useTranslation('autopay-dialogs');
  const queryClient = useQueryClient();
  const turnOff = useMutation({
    mutationFn: () => updateDefaultPaymentMethod({ accountId, paymentMethod: AUTOPAY_OFF }),
    onSuccess: async () => {
      onOpenChange(false);
      await refreshAccount(queryClient, accountId);
      onDone();
    },
    onError: (error) => {
      onOpenChange(false);
      onFailed(error);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('autopayOff.title')}
      confirmLabel={t('autopayOff.confirm')}
      workingLabel={t('autopayOff.working')}
      working={turnOff.isPending}
      onConfirm={() => turnOff.mutate()}
    >
      {t('autopayOff.text')}
    </ConfirmDialog>
  );
}
