import type { FastifyInstance } from 'fastify';
import { endpoints, PAYMENT_MESSAGES } from '@portal/contract';
import { billingContextOf } from '../../http/billing-context';
import { route } from '../../http/route';
import { CHECKOUT_STYLESHEET, renderCheckoutPage, renderUnavailablePage } from '../../card-providers/sandbox/checkout-page';
import { cardFingerprint, validateCardEntry } from '../../card-providers/sandbox/card-entry';
import { saveSandboxCard, sandboxCheckoutPath } from '../../card-providers/sandbox/provider';
import { accountForCheckout, findCheckoutSession } from './repository';
import { checkoutRedirectOf, completeCardSetup, isSessionOpen } from './service';

/** The merchant the sandbox page names (the telecom provider). */
export const SANDBOX_MERCHANT_NAME = 'Example Telecom';

/**
 * The sandbox provider's hosted checkout page (decisions §7). It stands in for the processor's
 * own page, so it takes no bearer token: the unguessable, single-use, 30-minute session id is the
 * capability. Only display data of the card is kept.
 */
export const sandboxPageRoutes = async (app: FastifyInstance) => {
  const ctx = billingContextOf(app);

  route(app, endpoints.sandboxCheckoutStylesheet, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CHECKOUT_STYLESHEET),
  );

  /** The session, if the page may still take a card for it; otherwise the page explaining why not. */
  const openSession = async (sessionId: string) => {
    const session = await findCheckoutSession(ctx.db, sessionId);
    if (!session || session.provider !== 'sandbox') return { session: null, status: 404, returnUrl: null };
    if (!isSessionOpen(session, ctx.clock.now())) return { session: null, status: 410, returnUrl: session.cancelUrl };
    return { session, status: 200, returnUrl: session.cancelUrl };
  };

  const pageFor = async (session: NonNullable<Awaited<ReturnType<typeof openSession>>['session']>) => {
    const account = await accountForCheckout(ctx.db, session.accountId);
    return {
      merchantName: SANDBOX_MERCHANT_NAME,
      accountLabel: account ? `Account ${account.customerNo} · ${account.name}` : '',
      formAction: sandboxCheckoutPath(session.id),
      cancelUrl: session.cancelUrl,
    };
  };

  route(app, endpoints.sandboxCheckoutPage, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { session, status, returnUrl } = await openSession(request.params.sessionId);
    if (!session) return reply.status(status).send(renderUnavailablePage(PAYMENT_MESSAGES.checkoutUnavailable, returnUrl));
    return reply.send(
      renderCheckoutPage({ ...(await pageFor(session)), values: { cardNumber: '', expiry: '', nameOnCard: '' }, errors: {} }),
    );
  });

  route(app, endpoints.sandboxCheckoutSubmit, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { session, status, returnUrl } = await openSession(request.params.sessionId);
    if (!session) {
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(renderUnavailablePage(PAYMENT_MESSAGES.checkoutUnavailable, returnUrl));
    }
    const form = request.body;
    const result = validateCardEntry(form, ctx.clock.now());
    if (!result.ok) {
      const page = renderCheckoutPage({
        ...(await pageFor(session)),
        values: { cardNumber: form.cardNumber, expiry: form.expiry, nameOnCard: form.nameOnCard },
        errors: result.errors,
      });
      return reply.status(400).type('text/html; charset=utf-8').send(page);
    }
    await saveSandboxCard(ctx.db, session.id, result.card, cardFingerprint(form.cardNumber, app.config.SECRETS_KEY), ctx.clock.now());
    const completed = await completeCardSetup(ctx, session.id);
    return reply.redirect(await checkoutRedirectOf(ctx.db, completed ?? session), 303);
  });
};
