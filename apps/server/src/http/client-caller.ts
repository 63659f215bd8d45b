/** Who calls the provider API (`/p`): the API client its token names, checked by `app.requireClient`. */
import type { FastifyRequest } from 'fastify';
import type { ApiClientScope } from '@portal/contract';
import { HttpError } from '../errors';

/** The API client calling the provider API, as its token and its row say. */
export interface ClientCaller {
  apiClientId: bigint;
  clientId: string;
  name: string;
  scopes: ApiClientScope[];
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientCaller | null;
  }
  interface FastifyInstance {
    requireClient: (request: FastifyRequest) => Promise<void>;
  }
}

const REALM = 'provider';

/** RFC 6750 §3: a 401 says why in `WWW-Authenticate` (no error code when no token was sent at all). */
export const clientUnauthorized = (message: string, error?: 'invalid_token') =>
  new HttpError(401, message, { 'www-authenticate': `Bearer realm="${REALM}"${error ? `, error="${error}", error_description="${message}"` : ''}` });

/** Rows that need a scope refuse a token without it: 403 `insufficient_scope` (RFC 6750 §3.1). */
export const assertClientScope = (client: ClientCaller, scope: ApiClientScope): void => {
  if (client.scopes.includes(scope)) return;
  const message = `This call needs the scope ${scope}.`;
  throw new HttpError(403, message, { 'www-authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}", error_description="${message}"` });
};

export const clientOf = (request: FastifyRequest): ClientCaller => {
  if (!request.client) throw clientUnauthorized('An API client token is required.');
  return request.client;
};

