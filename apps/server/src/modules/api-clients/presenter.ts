import { API_CLIENT_SCOPES, type ApiClient, type ApiClientScope } from '@portal/contract';
import type { ApiClientWithSecrets } from './repository';

/** Scopes as stored, kept to the known ones. */
export const scopesOf = (stored: readonly string[]): ApiClientScope[] => API_CLIENT_SCOPES.filter((scope) => stored.includes(scope));

export const toApiClient = (row: ApiClientWithSecrets): ApiClient => ({
  id: row.id,
  clientId: row.clientId,
  name: row.name,
  scopes: scopesOf(row.scopes),
  status: row.disabledAt ? 'disabled' : 'active',
  createdAt: row.createdAt.toISOString(),
  secretIssuedAt: row.secretIssuedAt.toISOString(),
  previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});
