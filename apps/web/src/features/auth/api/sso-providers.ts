import type { OpenIdProviders } from '@portal/contract';
import { serviceUrl } from '@/config/services';

type Provider = OpenIdProviders['providers'][number];

const isProvider = (value: unknown): value is Provider =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Provider).id === 'string' &&
  typeof (value as Provider).name === 'string';

/**
 * openid/providers → the single sign-on providers that work here (the login offers only these).
 *
 * Not through the API client: the sign-in page asks for this as it opens, and the client brings the
 * contract's schemas and zod (about 33 KB as served), which would then weigh on every first view of /login
 * (docs/decisions/0009-performance-budgets.md: ≤ 110 KB). The path comes from the endpoint table at build time; the answer is checked by
 * hand against the contract's type, and anything else counts as no providers (the link stays hidden).
 */
export const openIdProviders = async (): Promise<OpenIdProviders> => {
  const response = await fetch(serviceUrl(__OPEN_ID_PROVIDERS_PATH__), {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) return { providers: [] };
  const body: unknown = await response.json();
  const providers = typeof body === 'object' && body !== null ? (body as { providers?: unknown }).providers : undefined;
  return { providers: Array.isArray(providers) ? providers.filter(isProvider) : [] };
};
