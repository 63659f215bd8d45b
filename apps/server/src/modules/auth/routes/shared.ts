import type { FastifyInstance } from 'fastify';

export const TAGS = ['auth'];
/** Public calls: no bearer token (overrides the document-wide bearer requirement in OpenAPI). */
export const PUBLIC = [] as { [name: string]: string[] }[];

/** Answers carrying tokens or secrets must never be cached by a browser or proxy. */
export const noStore = (app: FastifyInstance): void => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
};
