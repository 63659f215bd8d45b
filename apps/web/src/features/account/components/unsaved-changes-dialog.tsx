import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** Closing the dialog any other way (Esc, "Stay on this page") keeps the page and the edits. */
  onStay: () => void;
  onLeave: () => void;
}

/**
 * "Leave without saving?" (docs/decisions/0015-screens-fit-a-phone.md): asked when the customer navigates away from Account Information
 * with edits that are not saved. Staying is first in the tab order, and the Dialog gives focus back to where
 * it was (the link or field) when they stay.
 */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useTranslation('account');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      workingLabel={t('unsaved.leave')}
      working={false}
      onConfirm={onLeave}
    >
      {t('unsaved.text')}
    </ConfirmDialog>
  );
}
