import type { PaymentMethodEntry } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { cardLabel, methodOf } from '@/lib/cards';
import { refreshAccount } from '@/lib/refresh-account';
import { deletePaymentMethod } from '../api/delete-payment-method';

export interface DeleteCardDialogProps {
  /** Open while a card is set. */
  open: boolean;
  card: PaymentMethodEntry | null;
  accountId: bigint;
  onClose: () => void;
  onDeleted: (card: PaymentMethodEntry) => void;
  onFailed: (error: unknown) => void;
}

/** "Delete card?" (every card offers it, a destructive action is confirmed first). */
export function DeleteCardDialog({ open, card, accountId, onClose, onDeleted, onFailed }: DeleteCardDialogProps) {
  const { t } = useTranslation('payment-method-dialogs');
  const queryClient = useQueryClient();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title={t('deleteDialog.title')}
      confirmLabel={t('deleteDialog.confirm')}
      workingLabel={t('deleteDialog.working')}
      action={async () => {
        const entry = card!;
        await deletePaymentMethod(entry.paymentMethod.id);
        return entry;
      }}
      onDone={async (entry) => {
        // The default may have moved to another card, and autopay may have lost its schedule: re-read all.
        await refreshAccount(queryClient, accountId);
        onDeleted(entry);
      }}
      onFailed={onFailed}
    >
      {t('deleteDialog.text', { card: card ? cardLabel(methodOf(card)) : '' })}
    </ConfirmActionDialog>
  );
}
