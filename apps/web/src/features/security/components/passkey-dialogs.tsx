import type { PasskeySummary } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { useReauthentication } from '@/components/reauthentication/use-reauthentication';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { passkeysQuery, removePasskey } from '../api/passkeys';

export interface RemovePasskeyDialogProps {
  /** Open while a passkey is set. */
  open: boolean;
  passkey: PasskeySummary | null;
  onClose: () => void;
  onRemoved: (passkey: PasskeySummary) => void;
  onFailed: (error: unknown) => void;
}

/**
 * "Remove this passkey?": it no longer signs in (the copy on the device stays until the person deletes it
 * there). Cancel returns focus to the Remove button that opened it.
 */
export function RemovePasskeyDialog({ open, passkey, onClose, onRemoved, onFailed }: RemovePasskeyDialogProps) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  // Removing needs a recent sign-in: the password is asked for then, and the removal retried (docs/decisions/0011-server-side-sessions.md).
  const reauthentication = useReauthentication();
  return (
    <>
      <ConfirmActionDialog
        open={open}
        onClose={onClose}
        title={t('removePasskeyDialog.title')}
        confirmLabel={t('removePasskeyDialog.confirm')}
        workingLabel={t('removePasskeyDialog.working')}
        action={async () => {
          const target = passkey!;
          await reauthentication.run(() => removePasskey(target.id));
          return target;
        }}
        // Re-read either way: a failure is often a passkey removed elsewhere.
        onSettled={() => queryClient.invalidateQueries({ queryKey: passkeysQuery().queryKey })}
        onDone={onRemoved}
        onFailed={onFailed}
      >
        {t('removePasskeyDialog.text', { name: passkey?.name ?? '' })}
      </ConfirmActionDialog>
      {reauthentication.dialog}
    </>
  );
}
