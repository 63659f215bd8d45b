import { AUTOPAY_OFF } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
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
  return (
    <ConfirmActionDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('autopayOff.title')}
      confirmLabel={t('autopayOff.confirm')}
      workingLabel={t('autopayOff.working')}
      action={() => updateDefaultPaymentMethod({ accountId, paymentMethod: AUTOPAY_OFF })}
      onDone={async () => {
        await refreshAccount(queryClient, accountId);
        onDone();
      }}
      onFailed={onFailed}
    >
      {t('autopayOff.text')}
    </ConfirmActionDialog>
  );
}
