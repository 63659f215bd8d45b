import type { FastifyPluginAsync } from 'fastify';
import type { SigningKeys } from './keys';

export interface AuthModuleOptions {
  keys: SigningKeys;
}

/** The auth service of spec §7, under /a. */
export const authModule: FastifyPluginAsync<AuthModuleOptions> = async (app, { keys }) => {
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return keys.jwks;
  });
};
