import { useCallback, useRef, useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { ApiError } from '@/lib/api/client';

const ConfirmPasswordDialog = lazyDialog(
  () => import('./confirm-password-dialog'),
  (m) => m.ConfirmPasswordDialog,
);

/**
 * Runs a sensitive change; when the service answers with the step-up challenge (RFC 9470: the session's last
 * sign-in is over 10 minutes old) it asks for the password and runs the change once more. Render `dialog`.
 * Cancelling rethrows the service's refusal, whose text says why the change was not made.
 */
export const useReauthentication = () => {
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const run = useCallback(async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof ApiError && error.needsReauthentication)) throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setOpen(true);
      });
      if (!confirmed) throw error;
      return change();
    }
  }, []);

  const done = useCallback((confirmed: boolean) => {
    setOpen(false);
    answer.current?.(confirmed);
    answer.current = null;
  }, []);

  return { run, dialog: <ConfirmPasswordDialog open={open} onDone={done} /> };
};
