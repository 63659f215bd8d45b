import { endpoints, type CreateApiClientRequest } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** The provider's API clients, newest first (their secrets are never in the list). */
export const apiClientsQuery = () =>
  queryOptions({ queryKey: ['api-clients'], queryFn: ({ signal }) => api.call(endpoints.listApiClients, { signal }) });

/** Creates a client: the answer carries its secret, the only time it is shown. */
export const createApiClient = (body: CreateApiClientRequest) => api.call(endpoints.createApiClient, { body });

/** A new secret (shown once); the old one keeps working for `gracePeriodMinutes`. */
export const rotateApiClientSecret = (id: bigint, gracePeriodMinutes: number) =>
  api.call(endpoints.rotateApiClientSecret, { params: { id }, body: { gracePeriodMinutes } });

export const disableApiClient = (id: bigint) => api.call(endpoints.disableApiClient, { params: { id } });
