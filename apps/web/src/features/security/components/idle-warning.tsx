import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { adoptSharedActivity, getLastActivity, subscribeActivity } from '@/lib/session/activity';
import { useSession } from '@/lib/session/session-store';
import { setSignOutReason } from '@/lib/session/sign-out-reason';
import { STORAGE_KEYS } from '@/lib/storage';
import { getSessions } from '../api/get-sessions';
import { idlePhase } from '../rules';
import { IdleWarningDialog, preloadIdleWarningDialog } from './lazy-dialogs';

/** How long before that the person is asked whether they are still there. */
export const WARNING_MS = 60_000;
/** How long before the question its dialog's code downloads (not with every page: the JS budgets of docs/decisions/0009-performance-budgets.md). */
export const PRELOAD_LEAD_MS = 60_000;

/**
 * Watches the time since the app's last request to the services. A minute before the server would end the
 * session for inactivity it asks "Are you still there?"; "Stay signed in" makes a request (which keeps the
 * session), "Log out" logs out. When the time is up it logs out by itself (ending the session at the service
 * too) and the login screen says why. Mounted once in the signed-in layout.
 */
export function IdleWarning() {
  const { t } = useTranslation('session-idle');
  const navigate = useNavigate();
  const session = useSession();
  const token = session?.token;
  // The server's SESSION_IDLE_MINUTES, as the token says.
  const idleMs = (session?.idleMinutes ?? 0) * 60_000;
  const lastActivity = useSyncExternalStore(subscribeActivity, getLastActivity);
  const [warning, setWarning] = useState(false);
  const [staying, setStaying] = useState(false);
  const [stayFailed, setStayFailed] = useState(false);

  useEffect(() => {
    if (!idleMs) return;
    const timer = setTimeout(preloadIdleWarningDialog, lastActivity + idleMs - WARNING_MS - PRELOAD_LEAD_MS - Date.now());
    return () => clearTimeout(timer);
  }, [lastActivity, idleMs]);

  // Another tab of the same session made a request: this one is not idle either.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.lastActivity) adoptSharedActivity(token);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [token]);

  useEffect(() => {
    if (!idleMs) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      adoptSharedActivity(token);
      const phase = idlePhase(getLastActivity(), Date.now(), idleMs, WARNING_MS);
      if (phase.kind === 'expired') {
        setWarning(false);
        setSignOutReason(t('signedOut'));
        void navigate(paths.logout);
        return;
      }
      setWarning(phase.kind === 'warning');
      if (phase.kind === 'active') setStayFailed(false);
      timer = setTimeout(check, phase.nextCheckInMs);
    };
    check();
    return () => clearTimeout(timer);
  }, [lastActivity, token, idleMs, navigate, t]);

  const stay = () => {
    if (staying) return;
    setStaying(true);
    setStayFailed(false);
    // Any authenticated request keeps the session; its start counts as activity, which closes the warning.
    getSessions()
      .catch(() => setStayFailed(true))
      .finally(() => setStaying(false));
  };

  return (
    <IdleWarningDialog
      open={warning}
      staying={staying}
      stayFailed={stayFailed}
      onStay={stay}
      onLogOut={() => void navigate(paths.logout)}
    />
  );
}
