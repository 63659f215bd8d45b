import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../card-providers/provider';
import type { Config } from '../config';
import type { Database, PortalDb } from '../db/client';
import type { Clock } from '../lib/clock';
import type { MailOutbox } from '../lib/mail-outbox';
import type { RateLimiter } from '../lib/rate-limit';
import type { SigningKeyStore } from '../lib/signing-keys';

/**
 * The shared infrastructure, declared once. The app builds it (`depsOf`), routes and jobs hand it
 * on, and every service takes the `Pick<Deps, …>` of what it uses, which is also all a test builds.
 */
export interface Deps {
  /** Drizzle over the database, or the transaction a change runs in. */
  db: PortalDb;
  /** The database with its pools (streamed exports use a pool of their own). */
  database: Database;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** Durable mail: rows written in the transaction of the change, sent by the delivery job. */
  outbox: MailOutbox;
  /** The card provider (sandbox or Stripe). */
  provider: PaymentProvider;
  /** The auth service's signing keys. */
  keyStore: SigningKeyStore;
  /** Throttling counters, in the database so every instance counts alike. */
  limiter: RateLimiter;
}

/** The dependencies of an app instance's routes and jobs. */
export const depsOf = (app: FastifyInstance): Deps => ({
  db: app.db,
  database: app.database,
  clock: app.clock,
  config: app.config,
  log: app.log,
  outbox: app.outbox,
  provider: app.paymentProvider,
  keyStore: app.keyStore,
  limiter: app.limiter,
});
