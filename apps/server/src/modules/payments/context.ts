import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from '../../payments/provider';

/** What payment services and jobs need: built from the app in routes, from the scheduler in jobs. */
export interface BillingContext {
  db: PortalDb;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}
