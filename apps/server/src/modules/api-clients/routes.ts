import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_CLIENT_SCOPES, endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { createApiClient, disableApiClient, listApiClients, rotateApiClientSecret, type ApiClientsDeps } from './service';
import { issueClientToken, OAuthError, CLIENT_CREDENTIALS } from './token-service';
import { clientOf } from '../../http/client-caller';

/** RFC 6749 §5.1: token answers (and their errors) are never cached. */
const noCache = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/** The Admin's API clients, the token endpoint and the issuer's metadata (all under the auth service). */
export const apiClientRoutes = async (app: FastifyInstance) => {
  const appDeps = depsOf(app);
  const deps: ApiClientsDeps = appDeps;
  const issuer = app.config.AUTH_ISSUER;
  const tokenDeps = { ...appDeps, issuer };
  const admin = (userId: bigint) => ({ userId, via: 'admin' as const });

  route(app, endpoints.listApiClients, async () => listApiClients(deps));
  route(app, endpoints.createApiClient, async (request) => createApiClient(deps, admin(callerOf(request).userId), request.body));
  route(app, endpoints.rotateApiClientSecret, async (request) => rotateApiClientSecret(deps, admin(callerOf(request).userId), request.params.id, request.body));
  route(app, endpoints.disableApiClient, async (request) => disableApiClient(deps, admin(callerOf(request).userId), request.params.id));

  route(app, endpoints.oauthToken, async (request, reply) => {
    noCache(reply);
    try {
      return await issueClientToken(tokenDeps, {
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        fields: (request.body ?? {}) as Record<string, unknown>,
        ip: request.ip,
      });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return reply.code(error.status).headers(error.headers).send({ error: error.code, error_description: error.message });
    }
  });

  route(app, endpoints.authorizationServerMetadata, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return {
      issuer,
      token_endpoint: `${issuer}/v1/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      grant_types_supported: [CLIENT_CREDENTIALS],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: [...API_CLIENT_SCOPES],
      // Required by RFC 8414, and empty: this server has no authorization endpoint.
      response_types_supported: [],
    };
  });

  route(app, endpoints.clientSelf, async (request) => {
    const client = clientOf(request);
    return { clientId: client.clientId, name: client.name, scopes: client.scopes, tokenExpiresAt: client.tokenExpiresAt.toISOString() };
  });
};
