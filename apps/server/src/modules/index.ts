import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts';
import { authModule, type AuthModuleOptions } from './auth';
import { billingRoutes } from './billing';
import { chargeRoutes } from './charges';
import { checkoutRoutes } from './checkout';
import { disputeRoutes } from './disputes';
import { invoiceRoutes } from './invoices';
import { notificationRoutes } from './notifications';
import { paymentMethodRoutes } from './payment-methods';
import { paymentRoutes } from './payments';
import { searchRoutes } from './search';

/**
 * Every call of both services of spec §7: the auth service's (`/a`, one module) and the billing
 * service's (`/b`, one module per resource). Each module registers its rows of the contract's
 * endpoint table.
 */
export const apiModules = async (app: FastifyInstance, options: AuthModuleOptions) => {
  await app.register(authModule, options);
  for (const routes of [billingRoutes, paymentRoutes, paymentMethodRoutes, checkoutRoutes, notificationRoutes, accountRoutes, invoiceRoutes, chargeRoutes, disputeRoutes, searchRoutes]) {
    await app.register(routes);
  }
};
