import { endpoints, type CreateWebhookEndpointRequest, type WebhookDeliveriesQuery } from '@portal/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Every webhook query starts with this key: a change to an endpoint or a delivery refreshes them all. */
export const WEBHOOKS_KEY = 'webhooks';

/** The webhook endpoints, newest first (their secrets are never in the list). */
export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: [WEBHOOKS_KEY, 'endpoints'],
    queryFn: ({ signal }) => api.call(endpoints.webhookEndpoints, { signal }),
  });

/** An endpoint's deliveries under the filters chosen, newest first, a page at a time (`next` pages on). */
export const webhookDeliveriesQuery = (endpointId: bigint, filters: Omit<WebhookDeliveriesQuery, 'before' | 'take'>) =>
  infiniteQueryOptions({
    queryKey: [WEBHOOKS_KEY, 'deliveries', endpointId, filters],
    queryFn: ({ signal, pageParam }) =>
      api.call(endpoints.webhookDeliveries, {
        params: { id: endpointId },
        query: { ...filters, ...(pageParam === null ? {} : { before: pageParam }) },
        signal,
      }),
    initialPageParam: null as bigint | null,
    getNextPageParam: (page) => page.next,
  });

/** Every attempt of a delivery, oldest first. */
export const webhookAttemptsQuery = (deliveryId: bigint) =>
  queryOptions({
    queryKey: [WEBHOOKS_KEY, 'attempts', deliveryId],
    queryFn: ({ signal }) => api.call(endpoints.webhookDeliveryAttempts, { params: { id: deliveryId }, signal }),
  });

/** Registers an endpoint: the answer carries its signing secret, the only time it is shown. */
export const registerWebhookEndpoint = (body: CreateWebhookEndpointRequest) =>
  api.call(endpoints.registerWebhookEndpoint, { body });

/** A new signing secret (shown once); deliveries carry both signatures for `overlapMinutes`. */
export const rotateWebhookSecret = (id: bigint, overlapMinutes: number) =>
  api.call(endpoints.rotateWebhookSecret, { params: { id }, body: { overlapMinutes } });

export const sendWebhookTest = (id: bigint) => api.call(endpoints.sendWebhookTest, { params: { id } });

export const disableWebhookEndpoint = (id: bigint) => api.call(endpoints.disableWebhookEndpoint, { params: { id } });

export const enableWebhookEndpoint = (id: bigint) => api.call(endpoints.enableWebhookEndpoint, { params: { id } });

export const replayWebhookDelivery = (id: bigint) => api.call(endpoints.replayWebhookDelivery, { params: { id } });

export const replayFailedWebhookDeliveries = (id: bigint, period: { from: string; to: string }) =>
  api.call(endpoints.replayFailedWebhookDeliveries, { params: { id }, body: period });
