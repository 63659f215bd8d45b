import { endpoints, type PasskeySummary } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Passkeys (GET): the person's passkeys, newest first. */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['passkeys'],
    queryFn: ({ signal }): Promise<PasskeySummary[]> => api.call(endpoints.passkeys, { signal }).then((answer) => answer.value),
  });

/**
 * Registers a passkey on this device: options with a fresh challenge from the auth service, the browser's
 * own dialog (navigator.credentials.create), then the service verifies and saves it. The WebAuthn helper
 * downloads only when someone adds a passkey.
 */
export const registerPasskey = async (): Promise<PasskeySummary> => {
  const [{ startRegistration }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    api.call(endpoints.passkeyRegistrationOptions),
  ]);
  const response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return api.call(endpoints.registerPasskey, { body: { response } });
};

/** Passkeys/{id} (DELETE): the passkey no longer signs in. */
export const removePasskey = (id: bigint) => api.call(endpoints.removePasskey, { params: { id } });
