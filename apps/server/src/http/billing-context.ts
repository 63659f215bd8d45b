import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PortalDb } from '../db/client';
import type { Clock } from '../lib/clock';
import type { MailOutbox } from '../lib/mail-outbox';
import type { PaymentProvider } from '../card-providers/provider';

/** What billing services and jobs need: built from the app in routes, from the scheduler in jobs. */
export interface BillingContext {
  db: PortalDb;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Durable mail: notification emails are queued in the transaction of the change. */
  outbox: MailOutbox;
}

/** The services' context for a route's app instance. */
export const billingContextOf = (app: FastifyInstance): BillingContext => ({
  db: app.db,
  clock: app.clock,
  provider: app.paymentProvider,
  log: app.log,
  outbox: app.outbox,
});
