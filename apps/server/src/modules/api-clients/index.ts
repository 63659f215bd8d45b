/** Machine clients of the provider API: their Admin calls, their OAuth token endpoint, and the `/p` token check. */
export { apiClientRoutes } from './routes';
export { clientAuthPlugin } from './client-auth';
export { CLIENT_CHANNEL, createClientGate } from './client-gate';
export { createClientTokenVerifier } from './token';
export { createApiClient, type ApiClientActor } from './service';
