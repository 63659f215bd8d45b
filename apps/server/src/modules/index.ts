import type { FastifyInstance } from 'fastify';
import { depsOf } from '../http/deps';
import { accountRoutes, providerAccountRoutes } from './accounts';
import { apiClientRoutes } from './api-clients';
import { arrangementRoutes } from './arrangements';
import { billingRoutes, invoiceForMail } from './billing';
import { chargeRoutes } from './charges';
import { checkoutRoutes } from './checkout';
import { disputeRoutes } from './disputes';
import { eventRoutes } from './events';
import { invitationRoutes } from './invitations';
import { invoiceRoutes } from './invoices';
import { NOTIFICATION_MAIL_PURPOSE, notificationRoutes, prepareNotificationMail } from './notifications';
import { paymentMethodRoutes } from './payment-methods';
import { passkeyRoutes } from './passkeys';
import { loginRoutes, passwordRoutes, preparePasswordReset, RESET_PURPOSE } from './passwords';
import { paymentRoutes, renderPaymentReceipt } from './payments';
import { searchRoutes } from './search';
import { prepareSecurityNotice, SECURITY_NOTICE_PURPOSE, sessionRoutes } from './sessions';
import { singleSignOnRoutes, type SingleSignOnOptions } from './single-sign-on';
import { tokenRoutes } from './tokens';
import { twoFactorRoutes } from './two-factor';
import { usageRoutes } from './usage';
import { usersRoutes } from './users';
import { webhookRoutes } from './webhooks';

/**
 * Every call of both services of the spec, one module per resource: the auth service's (`/a`, API
 * clients among them), the billing service's (`/b`) and the provider API's (`/p`). Each module
 * registers its rows of the contract's endpoint table.
 */
export const apiModules = async (app: FastifyInstance, options: SingleSignOnOptions) => {
  for (const routes of [tokenRoutes, loginRoutes, passwordRoutes, usersRoutes, sessionRoutes, twoFactorRoutes, passkeyRoutes, apiClientRoutes]) {
    await app.register(routes);
  }
  await app.register(singleSignOnRoutes, options);
  for (const routes of [billingRoutes, paymentRoutes, paymentMethodRoutes, checkoutRoutes, notificationRoutes, accountRoutes, invoiceRoutes, chargeRoutes, disputeRoutes, arrangementRoutes, searchRoutes, usageRoutes, providerAccountRoutes, invitationRoutes, eventRoutes, webhookRoutes]) {
    await app.register(routes);
  }
  // Emails are built at delivery, in the person's language then. A payment received carries its receipt and an
  // invoice ready its PDF when the account chose so, or no email for paper bills (payments and invoices
  // notify, so the renderers are handed over here rather than imported by notifications).
  const deps = depsOf(app);
  app.outbox.registerPreparer(RESET_PURPOSE, preparePasswordReset(deps));
  app.outbox.registerPreparer(SECURITY_NOTICE_PURPOSE, prepareSecurityNotice(deps));
  app.outbox.registerPreparer(
    NOTIFICATION_MAIL_PURPOSE,
    prepareNotificationMail(
      deps,
      (paymentId) => renderPaymentReceipt(deps, paymentId),
      (invoiceId) => invoiceForMail(deps, invoiceId),
    ),
  );
};
