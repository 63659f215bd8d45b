import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';

/** The auth service's public keys (JWKS): what the billing service, here or elsewhere, verifies tokens with. */
export const tokenRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.jwks, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return (await app.keyStore.current()).jwks;
  });
};
