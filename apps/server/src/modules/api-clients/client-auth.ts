/**
 * `app.requireClient`: the onRequest hook of every provider API (`/p`) row. It takes only a client token
 * (RFC 6750 bearer; a person's session token is refused) and asks the client gate for the client's state on
 * every call, so a disabled client is refused at once on every instance, not when its token expires.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { clientUnauthorized } from '../../http/client-caller';
import type { ClientGate } from './client-gate';
import { ClientTokenError, type ClientTokenVerifier } from './token';

export const clientAuthPlugin = fp<{ verify: ClientTokenVerifier; clients: ClientGate }>(async (app, { verify, clients }) => {
  app.decorateRequest('client', null);
  app.decorate('requireClient', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw clientUnauthorized('An API client token is required.');
    let token;
    try {
      token = await verify(match[1]!);
    } catch (error) {
      throw clientUnauthorized(error instanceof ClientTokenError ? error.message : 'The access token is not valid.', 'invalid_token');
    }
    const state = await clients.state(token.clientId);
    if (!state) throw clientUnauthorized('The access token is not valid.', 'invalid_token');
    if (state.disabledAt) throw clientUnauthorized('This API client is disabled.', 'invalid_token');
    request.client = { apiClientId: state.id, clientId: token.clientId, name: state.name, scopes: token.scopes, tokenExpiresAt: token.expiresAt };
  });
});
