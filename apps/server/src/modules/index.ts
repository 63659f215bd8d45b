import type { FastifyInstance } from 'fastify';
import { accountRoutes, providerAccountRoutes } from './accounts';
import { authModule, type AuthModuleOptions } from './auth';
import { apiClientRoutes } from './api-clients';
import { billingRoutes } from './billing';
import { chargeRoutes } from './charges';
import { checkoutRoutes } from './checkout';
import { disputeRoutes } from './disputes';
import { invoiceRoutes } from './invoices';
import { NOTIFICATION_MAIL_PURPOSE, notificationRoutes, prepareNotificationMail } from './notifications';
import { paymentMethodRoutes } from './payment-methods';
import { BRAND } from '../lib/brand';
import { paymentRoutes, renderPaymentReceipt } from './payments';
import { searchRoutes } from './search';
import { usageRoutes } from './usage';

/**
 * Every call of both services of the spec: the auth service's (`/a`, one module, and its API clients) and
 * the billing service's (`/b`, one module per resource), and the provider API's (`/p`). Each module
 * registers its rows of the contract's endpoint table.
 */
export const apiModules = async (app: FastifyInstance, options: AuthModuleOptions) => {
  await app.register(authModule, options);
  await app.register(apiClientRoutes, { keyStore: options.keyStore });
  for (const routes of [billingRoutes, paymentRoutes, paymentMethodRoutes, checkoutRoutes, notificationRoutes, accountRoutes, invoiceRoutes, chargeRoutes, disputeRoutes, searchRoutes, usageRoutes, providerAccountRoutes]) {
    await app.register(routes);
  }
  // Notification emails are built at delivery; a payment received carries its receipt (payments
  // itself notifies, so the renderer is handed over here rather than imported by notifications).
  const receiptDeps = { db: app.db, clock: app.clock, taxNumbers: { gstHst: app.config.TAX_GST_HST_NUMBER, qst: app.config.TAX_QST_NUMBER } };
  app.outbox.registerPreparer(
    NOTIFICATION_MAIL_PURPOSE,
    prepareNotificationMail({ db: app.db, origin: app.config.PUBLIC_ORIGIN, brand: BRAND.name, receipt: (paymentId) => renderPaymentReceipt(receiptDeps, paymentId) }),
  );
};
