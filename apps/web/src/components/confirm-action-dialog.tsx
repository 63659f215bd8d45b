import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Banner } from '@/components/ui/banner';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api/client';

type Texts = Pick<ConfirmDialogProps, 'title' | 'children' | 'confirmLabel' | 'cancelLabel' | 'workingLabel' | 'tone'>;

/** Where a failure is said: by the page (the dialog closes), or in the dialog, which stays open to retry. */
type Failure =
  | { onFailed: (error: unknown) => void; failedText?: never }
  | { /** The server's message, or this one. */ failedText: string; onFailed?: never };

export type ConfirmActionDialogProps<T> = Texts &
  Failure & {
    open: boolean;
    /** Cancel, Escape, or the action succeeded: its owner closes it. */
    onClose: () => void;
    /** What confirming runs: one call of the API. */
    action: () => Promise<T>;
    /** After the action succeeded and the dialog closed: say so, re-read what changed. */
    onDone: (result: T) => unknown;
    /** After the action either way (a failure is often something already changed elsewhere). */
    onSettled?: () => unknown;
    /** Controls between the text and the buttons (the action reads them). */
    body?: ReactNode;
  };

/**
 * A destructive or consequential action, confirmed first: the one way a dialog asks, runs the call (its button
 * busy, the dialog not dismissable meanwhile), then closes and reports, or says what went wrong.
 */
export function ConfirmActionDialog<T>({ open, onClose, action, onDone, onSettled, onFailed, failedText, body, ...texts }: ConfirmActionDialogProps<T>) {
  const run = useMutation({
    mutationFn: action,
    onSettled: () => onSettled?.(),
    onSuccess: async (result) => {
      onClose();
      await onDone(result);
    },
    onError: (error) => {
      if (!onFailed) return;
      onClose();
      onFailed(error);
    },
  });
  const shownError = failedText !== undefined && run.isError ? errorMessage(run.error, failedText) : null;
  return (
    <ConfirmDialog
      {...texts}
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        run.reset();
        onClose();
      }}
      working={run.isPending}
      onConfirm={() => run.mutate()}
      body={
        (body || shownError) && (
          <>
            {body}
            {shownError && <Banner tone="error">{shownError}</Banner>}
          </>
        )
      }
    />
  );
}
