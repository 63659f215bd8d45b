import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInClient } from './repository';

/** Where a request comes from, as a new session records it. */
export const signInClient = (request: FastifyRequest): SignInClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Answers carrying tokens or secrets must never be cached by a browser or proxy. */
export const noStore = (app: FastifyInstance): void => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
};
