import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's or caller's id is kept only when it cannot forge log lines or bloat them.
const SAFE_REQUEST_ID = /^[\w.:@+/=-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is short and plain, else a new UUID. */
export const requestIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/** Every answer carries its request id, so a user's report or a proxy's log finds the server's log line. */
export const requestIdPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
