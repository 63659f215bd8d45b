import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { createRemoteJWKSet } from 'jose';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, PortalDb } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions } from './lib/logging';
import { jsonPlugin, serializerCompiler, type CompilersFactory } from './plugins/json';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { inputTextPlugin, parseFormBody, parseQueryString } from './plugins/input-text';
import { webAppScriptHashes } from './plugins/inline-script-hashes';
import { rawSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { compressionPlugin } from './plugins/compression';
import { openApiPlugin } from './plugins/openapi';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { requestIdOf, requestIdPlugin } from './plugins/request-id';
import { webAppPlugin } from './plugins/web-app';
import { authenticatePlugin, createTokenVerifier } from './plugins/authenticate';
import { createSigningKeyStore, loadSigningKeys, SIGNING_KEY_CONTEXT, type SigningKeyStore } from './lib/signing-keys';
import { createRateLimiter, type RateLimiter } from './lib/rate-limit';
import { oidcSettingsOf } from './modules/single-sign-on';
import { createSecretBox } from './lib/secret-box';
import { createMailer } from './lib/mailer';
import { createMailOutbox, OUTBOX_CONTEXT, type MailOutbox } from './lib/mail-outbox';
import { listen } from './lib/db-listen';
import { createSessionGate, SESSION_CHANNEL } from './lib/session-gate';
import { apiModules } from './modules';
import { CLIENT_CHANNEL, clientAuthPlugin, createClientGate, createClientTokenVerifier } from './modules/api-clients';
import { createDemoSignIn } from './modules/demo-sign-in';
import { createPaymentProvider, type PaymentProvider } from './card-providers';
import { jobsPlugin } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: PortalDb;
    clock: Clock;
    paymentProvider: PaymentProvider;
    /** Durable mail (the delivery job sends it). */
    outbox: MailOutbox;
    /** The auth service's signing keys. */
    keyStore: SigningKeyStore;
    /** Throttling counters (in the database). */
    limiter: RateLimiter;
    /** Every route as registered, so tests can prove each one is covered (e.g. by authorization). */
    routeTable: RouteEntry[];
    /** Outside production, the link that signs the demo's single sign-on user in (printed at start). */
    demoSignInUrl: string | null;
  }
}

/** A registered route, so tests can hold it against the endpoint table. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
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
/** A rotated signing key reaches every instance within this long. */
const SIGNING_KEY_REFRESH_MS = 60_000;

/** Trust the nearest `hops` proxies (what Fastify does for a number, which its types do not take). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Zod checks what comes in and our compiled serializers write what goes out. Given as factories (which
 * Fastify types after Ajv's), Fastify never loads its default ones: Ajv and fast-json-stringify, 2 MB
 * of every instance's heap.
 */
const compilersFactory = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory;

/** The whole server: what `server.ts` starts and what tests build. */
export const buildApp = async ({ config, database, clock = systemClock, paymentProvider }: AppDependencies): Promise<App> => {
  const https = new URL(config.PUBLIC_ORIGIN).protocol === 'https:';
  const scriptHashes = webAppScriptHashes(config.WEB_DIST);
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only proxies the operator named may tell us the client's address (else anyone could pick one).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    return503OnClosing: true,
    // The caller's (or proxy's) x-request-id, validated, is the log's reqId and is echoed back.
    requestIdHeader: false,
    genReqId: requestIdOf,
    frameworkErrors: frameworkErrorHandler(rawSecurityHeaders(https, scriptHashes)),
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    // Node checks header and request timeouts on this interval (default 30 s, far past the limits).
    http: { headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 500 },
    routerOptions: { querystringParser: parseQueryString },
    schemaController: { compilersFactory },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('paymentProvider', paymentProvider ?? (await createPaymentProvider(config, database.db, clock)));
  app.decorate('routeTable', []);
  // Set by rows that may read from a replica (http/read-routing.ts).
  app.decorateRequest('readReplica', null);
  app.decorateRequest('readChosen', false);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks = [route.onRequest ?? []].flat();
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, public: !hooks.includes(app.requireCaller) && !hooks.includes(app.requireClient) });
    }
  });

  await app.register(errorsPlugin);
  // First of the onRequest hooks: answers refused by any later hook carry the headers too.
  await app.register(securityHeadersPlugin, { https, scriptHashes });
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(jsonPlugin);
  await app.register(inputTextPlugin);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES, parser: parseFormBody });
  // Before every route: API answers above 1 KB leave compressed.
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);
  await app.register(healthPlugin);

  const tokenLifetimeMs = config.SESSION_TTL_MINUTES * 60_000;
  const secrets = createSecretBox(config.SECRETS_KEY, SIGNING_KEY_CONTEXT);
  const keyStore = createSigningKeyStore(() => loadSigningKeys(database.db, secrets, { now: clock.now(), tokenLifetimeMs }), {
    refreshMs: SIGNING_KEY_REFRESH_MS,
    now: () => clock.now().getTime(),
  });
  await keyStore.current();
  app.decorate('keyStore', keyStore);
  app.decorate('limiter', createRateLimiter(database.db, clock));
  const verificationKey = config.AUTH_JWKS_URL ? createRemoteJWKSet(new URL(config.AUTH_JWKS_URL)) : keyStore.verificationKey;
  const verify = createTokenVerifier(verificationKey, { issuer: config.AUTH_ISSUER, maxLifetimeSeconds: tokenLifetimeMs / 1000, now: () => clock.now() });
  const sessions = createSessionGate({
    db: database.db,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    now: () => clock.now(),
    onError: (error) => app.log.warn({ err: error }, 'recording session activity failed'),
  });
  const revocations = await listen(database, SESSION_CHANNEL, {
    onNotification: sessions.apply,
    onReset: sessions.reset,
    onError: (error) => app.log.warn({ err: error }, 'session revocation listener lost its connection'),
  });
  app.addHook('onClose', async () => {
    sessions.dispose();
    await revocations.close();
  });
  await app.register(authenticatePlugin, { verify, sessions });
  const clients = createClientGate(database.db);
  const clientChanges = await listen(database, CLIENT_CHANNEL, {
    onNotification: clients.forget,
    onReset: clients.reset,
    onError: (error) => app.log.warn({ err: error }, 'API client change listener lost its connection'),
  });
  app.addHook('onClose', async () => {
    clients.dispose();
    await clientChanges.close();
  });
  await app.register(clientAuthPlugin, { clients, verify: createClientTokenVerifier(verificationKey, { issuer: config.AUTH_ISSUER, now: () => clock.now() }) });

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox'), log: app.log });
  const outbox = createMailOutbox({
    db: database.db,
    box: createSecretBox(config.SECRETS_KEY, OUTBOX_CONTEXT),
    mailer,
    messageIdDomain: new URL(config.PUBLIC_ORIGIN).hostname,
    onError: (error, purpose) => app.log.error({ err: error, purpose }, 'sending an email failed; it will be retried'),
  });
  app.decorate('outbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.drain();
    mailer.close();
  });

  // Never in production: the link signs a person in without a provider vouching for them.
  const demoSignIn = config.NODE_ENV === 'production' ? null : createDemoSignIn(config.PUBLIC_ORIGIN);
  app.decorate('demoSignInUrl', demoSignIn?.url ?? null);
  await app.register(apiModules, { landingRoutes: demoSignIn?.routes });
  if (config.JOBS_ENABLED) await app.register(jobsPlugin);
  await app.register(webAppPlugin, { distDir: config.WEB_DIST, ssoConfigured: oidcSettingsOf(config) !== null });
  return app;
};
