import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/**
 * Proves again who the signed-in person is with one of their passkeys (docs/decisions/0011-server-side-sessions.md: "the password
 * or a passkey"): a single-use challenge for their own passkeys, the browser's passkey dialog, then the service
 * checks the signature. The WebAuthn helper downloads only when this is used.
 */
export const confirmWithPasskey = async (): Promise<void> => {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    api.call(endpoints.passkeyConfirmOptions),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  await api.call(endpoints.confirmWithPasskey, { body: { response } });
};

/** The person closed the browser's passkey dialog, or let it time out. */
export const passkeyDialogCancelled = (error: unknown): boolean => {
  const { name } = (error ?? {}) as { name?: string };
  return name === 'NotAllowedError' || name === 'AbortError';
};
