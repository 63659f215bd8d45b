import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { createLocalJWKSet, createRemoteJWKSet } from 'jose';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, PortalDb } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions } from './lib/logging';
import { jsonPlugin, serializerCompiler } from './plugins/json';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { openApiPlugin } from './plugins/openapi';
import { healthPlugin } from './plugins/health';
import { webAppPlugin } from './plugins/web-app';
import { authenticatePlugin, createTokenVerifier } from './plugins/authenticate';
import { loadSigningKeys } from './modules/auth/keys';
import { authModule } from './modules/auth';
import { billingModule } from './modules/billing';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { jobsPlugin } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: PortalDb;
    clock: Clock;
    paymentProvider: PaymentProvider;
    /** Every route as registered, so tests can prove each one is covered (e.g. by authorization). */
    routeTable: { method: string; url: string; public: boolean }[];
  }
}

export interface AppDependencies {
  config: Config;
  /** Owned by the caller: buildApp never closes it. */
  database: Database;
  clock?: Clock;
  /** Default: the provider config names (tests inject stand-ins). */
  paymentProvider?: PaymentProvider;
}

export type App = FastifyInstance;

export const BODY_LIMIT_BYTES = 256 * 1024;

/** The whole server: what `server.ts` starts and what tests build. */
export const buildApp = async ({ config, database, clock = systemClock, paymentProvider }: AppDependencies): Promise<App> => {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.NODE_ENV === 'production',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('paymentProvider', paymentProvider ?? createPaymentProvider(config, database.db, clock));
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks = [route.onRequest ?? []].flat();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, public: !hooks.includes(app.requireCaller) });
    }
  });

  await app.register(errorsPlugin);
  await app.register(jsonPlugin);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(securityHeadersPlugin, { production: config.NODE_ENV === 'production' });
  await app.register(openApiPlugin);
  await app.register(healthPlugin);

  const keys = await loadSigningKeys(database.db);
  const jwks = config.AUTH_JWKS_URL ? createRemoteJWKSet(new URL(config.AUTH_JWKS_URL)) : createLocalJWKSet(keys.jwks);
  await app.register(authenticatePlugin, { verify: createTokenVerifier(jwks, () => clock.now()) });

  await app.register(authModule, { prefix: '/a', keys });
  await app.register(billingModule, { prefix: '/b' });
  if (config.JOBS_ENABLED) await app.register(jobsPlugin);
  await app.register(webAppPlugin, { distDir: config.WEB_DIST });
  return app;
};
