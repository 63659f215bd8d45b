import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accounts';
import { autopayRoutes } from './autopay/routes';
import { chargeRoutes } from './charges';
import { checkoutRoutes } from './checkout/routes';
import { sandboxPageRoutes } from './checkout/sandbox-page-routes';
import { webhookRoutes } from './checkout/webhook-routes';
import { documentRoutes } from './documents';
import { homeRoutes } from './home/routes';
import { invoiceRoutes } from './invoices';
import { notificationRoutes } from './notifications/routes';
import { paymentMethodRoutes } from './payment-methods/routes';
import { paymentRoutes } from './payments/routes';
import { searchRoutes } from './search';

/**
 * The billing service of spec §7, under /b. Each module registers its own routes; routes that need
 * a session add `onRequest: app.requireCaller`.
 */
export const billingModule: FastifyPluginAsync = async (app) => {
  await app.register(homeRoutes);
  await app.register(paymentRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(checkoutRoutes);
  await app.register(webhookRoutes);
  if (app.paymentProvider.name === 'sandbox') await app.register(sandboxPageRoutes);
  await app.register(autopayRoutes);
  await app.register(notificationRoutes);
  await app.register(accountRoutes);
  await app.register(invoiceRoutes);
  await app.register(chargeRoutes);
  await app.register(documentRoutes);
  await app.register(searchRoutes);
};
