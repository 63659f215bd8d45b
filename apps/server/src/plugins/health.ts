import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthPlugin = fp(async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.status(503).send({ error: 'The database is not reachable.' });
    }
  });
});
