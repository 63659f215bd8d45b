import type { SessionSummary } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n/translate';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { endOtherSessions } from '../api/end-other-sessions';
import { endSessionById } from '../api/end-session';
import { sessionsQuery } from '../api/get-sessions';
import { sessionDevice } from '../rules';

export interface EndSessionDialogProps {
  /** Open while a session is set. */
  open: boolean;
  session: SessionSummary | null;
  onClose: () => void;
  onEnded: (session: SessionSummary) => void;
  onFailed: (error: unknown) => void;
}

/** "End this session?": the other device is signed out at its next request. */
export function EndSessionDialog({ open, session, onClose, onEnded, onFailed }: EndSessionDialogProps) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title={t('endDialog.title')}
      confirmLabel={t('endDialog.confirm')}
      workingLabel={t('endDialog.working')}
      action={async () => {
        const target = session!;
        await endSessionById(target.id);
        return target;
      }}
      // Re-read either way: a failure is often a session that had already ended.
      onSettled={() => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey })}
      onDone={onEnded}
      onFailed={onFailed}
    >
      {t('endDialog.text', { device: session ? sessionDevice(session, t) : '', place: session?.place ?? '' })}
    </ConfirmActionDialog>
  );
}

export interface EndOtherSessionsDialogProps {
  open: boolean;
  onClose: () => void;
  onEnded: () => void;
  onFailed: (error: unknown) => void;
}

/** "Sign out all other sessions?": every session but this one ends. */
export function EndOtherSessionsDialog({ open, onClose, onEnded, onFailed }: EndOtherSessionsDialogProps) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title={t('endOthersDialog.title')}
      confirmLabel={t('endOthersDialog.confirm')}
      workingLabel={t('endOthersDialog.working')}
      action={endOtherSessions}
      onSettled={() => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey })}
      onDone={onEnded}
      onFailed={onFailed}
    >
      {t('endOthersDialog.text')}
    </ConfirmActionDialog>
  );
}
