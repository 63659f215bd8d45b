import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { endSession } from '@/lib/session/session-store';

/**
 * /logout (spec §2): clears the token from both stores and the user state (the portal layout drops its
 * cache when the session ends), then replaces the history entry with /login. Done in the loader, so it
 * happens before anything renders, however the user got here.
 */
export const loader = () => {
  endSession();
  return null;
};

export function LogoutPage() {
  return <Navigate to={paths.login} replace />;
}

export { LogoutPage as Component };
