import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the shutdown sequence: readiness fails at once while requests are still served. */
    readiness: { draining: boolean };
  }
}

/** Liveness (the process answers) and readiness (not shutting down, and the database answers). */
export const healthPlugin = fp(async (app) => {
  app.decorate('readiness', { draining: false });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (app.readiness.draining) return reply.status(503).send({ error: 'This instance is shutting down.' });
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.status(503).send({ error: 'The database is not reachable.' });
    }
  });
});
