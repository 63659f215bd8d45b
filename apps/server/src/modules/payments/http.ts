import { z } from 'zod';
import { ErrorResponseSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { BillingContext } from './context';

/** The `{ error }` answers a billing route may give, for its OpenAPI description. */
export const errorResponses = (...statuses: (400 | 401 | 402 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<number, typeof ErrorResponseSchema>;

/** A query flag written bare (`?autoAssignPayment`), as `=true`/`=1`, or `=false`/`=0`. */
export const queryFlag = z
  .enum(['', 'true', 'false', '1', '0'], { error: 'Must be true or false' })
  .optional()
  .transform((v) => v === '' || v === 'true' || v === '1');

/** The services' context for a route's app instance. */
export const billingContextOf = (app: FastifyInstance): BillingContext => ({
  db: app.db,
  clock: app.clock,
  provider: app.paymentProvider,
  log: app.log,
});
