import { endpoints, type LoginResponse } from '@portal/contract';
import { api } from '@/lib/api/client';

/**
 * Signs in with a passkey: a single-use challenge from the auth service, the browser's own passkey dialog
 * (navigator.credentials.get, any passkey of this site), then the service checks the signature and answers
 * as `Authenticate` does. Loaded only when someone presses "Sign in with a passkey".
 */
export const signInWithPasskey = async (): Promise<LoginResponse> => {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    api.call(endpoints.passkeyLoginOptions),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return api.call(endpoints.passkeyLogin, { body: { response } });
};

/** The person closed the browser's passkey dialog, or let it time out (nothing went wrong). */
export const passkeyDialogCancelled = (error: unknown): boolean => {
  const { name } = (error ?? {}) as { name?: string };
  return name === 'NotAllowedError' || name === 'AbortError';
};
