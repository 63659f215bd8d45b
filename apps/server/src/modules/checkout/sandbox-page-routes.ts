import type { FastifyInstance } from 'fastify';
import { endpoints, pathFor, type CheckoutAppearance } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { checkoutStylesheet, renderCheckoutPage, renderUnavailablePage } from '../../card-providers/sandbox/checkout-page';
import { CHECKOUT_TEXTS, type CheckoutLanguage } from '../../card-providers/sandbox/checkout-texts';
import { BRAND } from '../../lib/brand';
import { cardFingerprint, validateCardEntry } from '../../card-providers/sandbox/card-entry';
import { saveSandboxCard, sandboxCheckoutPath } from '../../card-providers/sandbox/provider';
import { accountForCheckout, findCheckoutSession } from './repository';
import { bankDebitSchemeFor } from '@portal/contract';
import { bankFingerprint, validateBankEntry } from '../../card-providers/sandbox/bank-entry';
import { renderBankPage } from '../../card-providers/sandbox/bank-page';
import { BANK_TEXTS } from '../../card-providers/sandbox/bank-texts';
import { saveSandboxBankAccount } from '../../card-providers/sandbox/bank-vault';
import { sandboxCardRef } from '../../card-providers/sandbox/provider';
import { checkoutRedirectOf, completeCardSetup, isSessionOpen } from './service';

const STYLESHEET = checkoutStylesheet(BRAND.accent);

/** The language the portal asked for, else the account's own (its invoices' language). */
const languageOf = (asked: CheckoutLanguage | undefined, accountLanguage: string | undefined): CheckoutLanguage =>
  asked ?? (accountLanguage === 'French' ? 'fr' : 'en');

/**
 * The sandbox provider's hosted checkout page (docs/decisions/0007-sandbox-card-provider.md). It stands in for the processor's
 * own page, so it takes no bearer token: the unguessable, single-use, 30-minute session id is the
 * capability. Only display data of the card is kept.
 */
export const sandboxPageRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.sandboxCheckoutStylesheet, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
  );

  /** The session, if the page may still take a card for it; otherwise the page explaining why not. */
  const openSession = async (sessionId: string) => {
    const session = await findCheckoutSession(deps.db, sessionId);
    if (!session || session.provider !== 'sandbox') return { session: null, status: 404, returnUrl: null };
    if (!isSessionOpen(session, deps.clock.now())) return { session: null, status: 410, returnUrl: session.cancelUrl };
    return { session, status: 200, returnUrl: session.cancelUrl };
  };

  const pageFor = async (
    session: NonNullable<Awaited<ReturnType<typeof openSession>>['session']>,
    query: { theme?: CheckoutAppearance['theme'] | undefined; lang?: CheckoutLanguage | undefined },
  ) => {
    const account = await accountForCheckout(deps.db, session.accountId);
    const language = languageOf(query.lang, account?.language);
    const texts = CHECKOUT_TEXTS[language];
    const appearance = query.theme && query.lang ? { theme: query.theme, language: query.lang } : undefined;
    return {
      texts,
      theme: query.theme,
      merchantName: BRAND.name,
      accountLabel: account ? texts.account(account.customerNo, account.name) : '',
      // The form posts back with the same appearance, so an error page looks the same.
      formAction: sandboxCheckoutPath(session.id, appearance),
      cancelUrl: session.cancelUrl,
      // A bank account session (docs/decisions/0035-bank-debit.md): its form, in the scheme of the account's currency.
      bank: BANK_TEXTS[language],
      scheme: bankDebitSchemeFor(account?.currency ?? '') ?? 'acss_debit',
      bankFormAction: `${pathFor(endpoints.sandboxBankCheckoutSubmit, { sessionId: session.id })}${appearance ? `?${new URLSearchParams({ theme: appearance.theme, lang: appearance.language })}` : ''}`,
    };
  };

  /** The page explaining why a session cannot take a card, in the language and theme asked for. */
  const unavailable = (query: { theme?: CheckoutAppearance['theme'] | undefined; lang?: CheckoutLanguage | undefined }, returnUrl: string | null) =>
    renderUnavailablePage(CHECKOUT_TEXTS[languageOf(query.lang, undefined)], query.theme, returnUrl);

  route(app, endpoints.sandboxCheckoutPage, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { session, status, returnUrl } = await openSession(request.params.sessionId);
    if (!session) return reply.status(status).send(unavailable(request.query, returnUrl));
    if (session.methodType === 'bank_account') {
      const page = await pageFor(session, request.query);
      return reply.send(renderBankPage({ ...page, formAction: page.bankFormAction, values: { transit: '', institution: '', routing: '', accountHolder: '' }, errors: {} }));
    }
    return reply.send(
      renderCheckoutPage({ ...(await pageFor(session, request.query)), values: { cardNumber: '', expiry: '', nameOnCard: '' }, errors: {} }),
    );
  });

  route(app, endpoints.sandboxCheckoutSubmit, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { session, status, returnUrl } = await openSession(request.params.sessionId);
    if (!session) {
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(unavailable(request.query, returnUrl));
    }
    const form = request.body;
    const page = await pageFor(session, request.query);
    const result = validateCardEntry(form, deps.clock.now(), page.texts.errors);
    if (!result.ok) {
      const html = renderCheckoutPage({
        ...page,
        values: { cardNumber: form.cardNumber, expiry: form.expiry, nameOnCard: form.nameOnCard },
        errors: result.errors,
      });
      return reply.status(400).type('text/html; charset=utf-8').send(html);
    }
    await saveSandboxCard(deps.db, session.id, result.card, cardFingerprint(form.cardNumber, app.config.SECRETS_KEY), deps.clock.now());
    const completed = await completeCardSetup(deps, session.id);
    return reply.redirect(await checkoutRedirectOf(deps.db, completed ?? session), 303);
  });

  route(app, endpoints.sandboxBankCheckoutSubmit, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { session, status, returnUrl } = await openSession(request.params.sessionId);
    if (!session || session.methodType !== 'bank_account') {
      return reply
        .status(session ? 404 : status)
        .type('text/html; charset=utf-8')
        .send(unavailable(request.query, returnUrl));
    }
    const form = request.body;
    const page = await pageFor(session, request.query);
    const result = validateBankEntry(page.scheme, form, page.bank.errors);
    if (!result.ok) {
      const html = renderBankPage({ ...page, formAction: page.bankFormAction, values: form, errors: result.errors });
      return reply.status(400).type('text/html; charset=utf-8').send(html);
    }
    const routing = page.scheme === 'acss_debit' ? `${form.institution}${form.transit}` : form.routing;
    const fingerprint = bankFingerprint(page.scheme, routing, form.accountNumber, app.config.SECRETS_KEY);
    await saveSandboxBankAccount(deps.db, sandboxCardRef(session.id), result.account, fingerprint, deps.clock.now());
    const completed = await completeCardSetup(deps, session.id);
    return reply.redirect(await checkoutRedirectOf(deps.db, completed ?? session), 303);
  });
};
