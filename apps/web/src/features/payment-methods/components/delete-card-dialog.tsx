import type { PaymentMethodEntry } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cardLabel } from '@/lib/cards';
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
  const remove = useMutation({
    mutationFn: (entry: PaymentMethodEntry) => deletePaymentMethod(entry.paymentMethod.id),
    onSuccess: async (_result, entry) => {
      onClose();
      // The default may have moved to another card, and autopay may have lost its schedule: re-read all.
      await refreshAccount(queryClient, accountId);
      onDeleted(entry);
    },
    onError: (error) => {
      onClose();
      onFailed(error);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('deleteDialog.title')}
      confirmLabel={t('deleteDialog.confirm')}
      workingLabel={t('deleteDialog.working')}
      working={remove.isPending}
      onConfirm={() => card && remove.mutate(card)}
    >
      {t('deleteDialog.text', { card: card ? cardLabel(card.card) : '' })}
    </ConfirmDialog>
  );
}
