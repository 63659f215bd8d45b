import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { endpoints } from '@portal/contract';
import { addMetricsSource, addReplicaStates, httpRequestDuration, registry, signInFailures, signInThrottled } from '../lib/metrics';
import { listenFailure } from '../lib/listen-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once listening (METRICS_PORT > 0), for logs and tests. */
    metricsAddress: () => AddressInfo | null;
  }
}

const SIGN_IN_PATHS = new Set<string>([endpoints.authenticate.path, endpoints.oneTimeLogin.path]);

/**
 * Records every answer (duration by route pattern, never the raw URL, so ids do not explode the
 * series) and serves `/metrics` on METRICS_PORT: a listener of its own, so the public port never
 * shows it and the scrape works even when the public side is saturated.
 */
export const metricsPlugin = fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ route, method: request.method, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429 && route.startsWith('/a/')) signInThrottled.inc();
  });
  // A refused sign-in answers 200 `{successful: false}`, so the answer's body tells.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && SIGN_IN_PATHS.has(request.routeOptions.url ?? '') && typeof payload === 'string' && payload.includes('"successful":false')) {
      signInFailures.inc();
    }
    return payload;
  });

  const { database } = app;
  const removeSource = addMetricsSource({
    pools: {
      main: database.pool,
      export: database.exportPool,
      ...Object.fromEntries((database.replicas?.replicas ?? []).flatMap((r) => [[r.name, r.pool], [`${r.name}_export`, r.exportPool]])),
    },
    outbox: async () => {
      const { rows } = await database.db.execute<{ depth: number; oldest: number }>(
        sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
            from mail_outbox where sent_at is null`,
      );
      return { depth: Number(rows[0]?.depth ?? 0), oldestAgeSeconds: Number(rows[0]?.oldest ?? 0) };
    },
  });

  const { replicas } = database;
  const removeReplicas = replicas ? addReplicaStates(() => replicas.replicas) : () => undefined;

  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  app.addHook('onClose', async () => {
    removeSource();
    removeReplicas();
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
  if (app.config.METRICS_PORT === 0) return;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          res.writeHead(500).end();
        },
      );
    });
    const where = { port: app.config.METRICS_PORT, host: app.config.HOST };
    // A taken port stops the start (the operator asked for metrics there), naming the setting.
    await new Promise<void>((resolve, reject) => {
      server!.once('error', (error) => {
        server = null;
        reject(listenFailure('METRICS_PORT', where, error));
      });
      server!.listen(where.port, where.host, resolve);
    });
  });
});
