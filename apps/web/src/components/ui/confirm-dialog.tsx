import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What confirming does (the dialog's description). */
  children: ReactNode;
  /** Below the text: controls the action reads (a checkbox), or what went wrong. */
  body?: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are; "Cancel" unless it would be ambiguous (e.g. "Stay on this page"). */
  cancelLabel?: string;
  workingLabel: string;
  working: boolean;
  onConfirm: () => void;
  /** `danger` (the default) for what removes or stops something; `primary` for a consequential step that takes nothing away. */
  tone?: 'danger' | 'primary';
}

/**
 * Confirmation of a destructive or consequential action (delete a card, turn automatic payments off). Cancel
 * is first in the tab order; the dialog cannot be dismissed while the action runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  body,
  confirmLabel,
  cancelLabel,
  workingLabel,
  working,
  onConfirm,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={children}
      size="sm"
      busy={working}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={working}>
              {cancelLabel ?? t('cancel')}
            </Button>
          </DialogClose>
          <Button variant={tone} loading={working} loadingText={workingLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
