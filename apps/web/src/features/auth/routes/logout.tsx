import { endpoints } from '@portal/contract';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/client';
import { endSession, getSession } from '@/lib/session/session-store';

/** Longest wait for the auth service before the local session is cleared anyway. */
const LOGOUT_TIMEOUT_MS = 3000;

/**
 * /logout: ends the session at the auth service (its token then stops working everywhere), then
 * clears the token from both stores and the user state (the portal layout drops its cache when the session
 * ends), and replaces the history entry with /login. Ending it at the service is best effort: a failure or a
 * slow answer must not keep the person signed in on this device. Done in the loader, so it happens before
 * anything renders, however the user got here.
 */
export const loader = async () => {
  if (getSession()) {
    try {
      await api.call(endpoints.logout, { signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });
    } catch {
      // Already ended, offline or too slow: the local sign-out below still happens.
    }
  }
  endSession();
  return null;
};

export function LogoutPage() {
  return <Navigate to={paths.login} replace />;
}

export { LogoutPage as Component };
