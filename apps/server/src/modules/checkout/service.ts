import { lockAccount } from '../../lib/account-lock';
import { CHECKOUT_RETURN_PARAMS, endpoints, MESSAGES, PAYMENT_MESSAGES, type CheckoutNotSavedReason, type CheckoutSetupRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { assertAccountAccess } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { actorOfUser, idText, recordTypedEvent } from '../../lib/event-data';
import { jobActor } from '../../lib/events';
import type { Caller } from '../../lib/caller';
import type { Deps } from '../../http/deps';
import type { PortalDb } from '../../db/client';
import { findSameCard, hasDefaultPaymentMethod, insertPaymentMethod } from '../payment-methods';
import { bankSchemeOfSetup, recordAgreementAcceptance, saveBankSetup } from './bank-setup';
import { DUPLICATE_CARD_REFUSED } from './refusals';
import {
  accountForCheckout,
  completeCheckoutSessionRow,
  findCheckoutSession,
  hasCurrentBillingAddress,
  insertCheckoutSession,
  rememberCustomerRef,
  wasCheckoutRefused,
  type CheckoutSessionRow,
} from './repository';

/** How long a customer has to enter a card. */
export const CHECKOUT_SESSION_TTL_MS = 30 * 60 * 1000;

/** Our route the provider returns the browser to; it completes the session and goes on to successUrl. */
// `{CHECKOUT_SESSION_ID}` is Stripe's placeholder: it fills in the session id when it redirects.
export const checkoutReturnUrl = (publicOrigin: string): string =>
  `${publicOrigin}${endpoints.checkoutComplete.path}?session_id={CHECKOUT_SESSION_ID}`;

const isSameOrigin = (url: string, origin: string): boolean => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/**
 * Starts adding a card or a bank account: the caller must use the account, it needs a current billing
 * address, and the browser may only come back to this site. A bank account needs its agreement accepted
 * first (docs/decisions/0035-bank-debit.md), recorded with the session.
 */
export const startCardSetup = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'provider'>,
  caller: Caller,
  request: z.output<typeof CheckoutSetupRequestSchema>,
  client: { ip: string } = { ip: '' },
): Promise<{ id: string; url: string }> => {
  const publicOrigin = deps.config.PUBLIC_ORIGIN;
  await assertAccountAccess(deps.db, caller, request.accountId);
  if (request.order.accountId !== request.accountId) throw badRequest(PAYMENT_MESSAGES.orderAccountMismatch);
  if (!isSameOrigin(request.successUrl, publicOrigin) || !isSameOrigin(request.cancelUrl, publicOrigin)) {
    throw badRequest(PAYMENT_MESSAGES.returnUrlOrigin);
  }
  const now = deps.clock.now();
  if (!(await hasCurrentBillingAddress(deps.db, request.accountId, now))) throw badRequest(MESSAGES.noBillingAddress);
  const account = await accountForCheckout(deps.db, request.accountId);
  if (!account) throw notFound('The account');
  const bankScheme = request.methodType === 'bank_account' ? bankSchemeOfSetup(request, account.currency) : undefined;

  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const session = await deps.provider.createSetupSession({
    account,
    returnUrl: checkoutReturnUrl(publicOrigin),
    cancelUrl: request.cancelUrl,
    expiresAt,
    appearance: request.appearance,
    methodType: request.methodType,
    bankScheme,
  });
  await deps.db.transaction(async (tx) => {
    await insertCheckoutSession(tx, {
      id: session.id,
      accountId: account.id,
      provider: deps.provider.name,
      status: 'open',
      methodType: request.methodType,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      createdByUserId: caller.userId,
      createdAt: now,
      expiresAt,
    });
    if (bankScheme) await recordAgreementAcceptance(tx, { request, scheme: bankScheme, sessionId: session.id, caller, ip: client.ip, now });
    if (session.customerRef && !account.providerCustomerRef) await rememberCustomerRef(tx, account.id, session.customerRef);
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: account.id,
      action: 'checkout.started',
      entity: 'checkout_session',
      entityId: session.id,
      details: { provider: deps.provider.name, methodType: request.methodType },
    });
  });
  return { id: session.id, url: session.url };
};

/** Whether the sandbox page may still take a card for this session. */
export const isSessionOpen = (session: CheckoutSessionRow, now: Date): boolean =>
  session.status === 'open' && session.expiresAt.getTime() > now.getTime();

export { DUPLICATE_CARD_REFUSED } from './refusals';

/**
 * Saves the card a finished setup session produced, once, whichever arrives first: the browser's
 * return, the provider's webhook or the sandbox page. The account's first card (or any card while
 * the account has no default) becomes the default. The same card (the provider's fingerprint; for a card
 * saved before fingerprints, the same brand, last four and expiry) is
 * saved once per account: a second one completes the session without saving anything, is recorded,
 * and is removed at the provider. Null for a session we never created.
 */
export const completeCardSetup = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, sessionId: string): Promise<CheckoutSessionRow | null> => {
  const session = await findCheckoutSession(deps.db, sessionId);
  if (!session || session.status === 'complete' || session.provider !== deps.provider.name) return session;
  const saved = await deps.provider.retrieveSetupMethod(sessionId);
  if (!saved) return session;
  if (saved.type === 'bank_account') return removeRefusedCopy(deps, sessionId, saved.providerRef, await saveBankSetup(deps, sessionId, saved));
  const card = saved;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await findCheckoutSession(tx, sessionId, true);
    if (!locked || locked.status === 'complete') return { session: locked, refused: false };
    // Under the account's lock, so two setups of the same card racing each other cannot both save it.
    await lockAccount(tx, locked.accountId);
    const same = card.fingerprint ? await findSameCard(tx, locked.accountId, { ...card, fingerprint: card.fingerprint }) : null;
    if (same && same.providerRef !== card.providerRef) {
      const completed = await completeCheckoutSessionRow(tx, sessionId, null, now);
      await recordAudit(tx, {
        actorUserId: locked.createdByUserId,
        accountId: locked.accountId,
        action: DUPLICATE_CARD_REFUSED,
        entity: 'checkout_session',
        entityId: sessionId,
        details: { brand: card.brand, last4: card.last4, savedPaymentMethodId: same.id },
      });
      return { session: completed, refused: true };
    }
    const method = await insertPaymentMethod(tx, {
      accountId: locked.accountId,
      provider: locked.provider,
      providerRef: card.providerRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: card.fingerprint,
      isDefault: !(await hasDefaultPaymentMethod(tx, locked.accountId)),
      createdAt: now,
    });
    const completed = await completeCheckoutSessionRow(tx, sessionId, method.id, now);
    await recordAudit(tx, {
      actorUserId: locked.createdByUserId,
      accountId: locked.accountId,
      action: 'payment_method.added',
      entity: 'payment_method',
      entityId: method.id,
      details: { brand: method.brand, last4: method.last4, default: method.isDefault, checkoutSessionId: sessionId },
    });
    await recordTypedEvent(tx, {
      type: 'payment_method.added',
      accountId: locked.accountId,
      // A session without its person (deleted since) was still theirs: the card came through the portal's checkout.
      actor: (await actorOfUser(tx, locked.createdByUserId)) ?? jobActor('card checkout'),
      data: { paymentMethodId: idText(method.id), type: 'card', brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear, isDefault: method.isDefault },
      at: now,
    });
    return { session: completed, refused: false };
  });
  return removeRefusedCopy(deps, sessionId, card.providerRef, outcome);
};

/** The provider keeps a refused duplicate otherwise; the saved card or bank account stays as it is. */
const removeRefusedCopy = async (
  deps: Pick<Deps, 'provider' | 'log'>,
  sessionId: string,
  providerRef: string,
  outcome: { session: CheckoutSessionRow | null; refused: boolean },
): Promise<CheckoutSessionRow | null> => {
  if (outcome.refused) {
    try {
      await deps.provider.detach(providerRef);
    } catch (error) {
      deps.log.warn({ err: error, sessionId }, 'could not remove a refused duplicate card at the provider');
    }
  }
  return outcome.session;
};

/**
 * Where the browser goes after a checkout: back to the page (cancelUrl) while the session is not finished;
 * to the success URL once the card is saved; to the success URL saying `cardNotSaved=duplicate` (and no
 * longer `paymentMethodAdded`, nor `showPaymentModal`) when the same card was on the account already.
 */
export const checkoutRedirectOf = async (db: PortalDb, session: CheckoutSessionRow): Promise<string> => {
  if (session.status !== 'complete') return session.cancelUrl;
  if (session.paymentMethodId !== null || !(await wasCheckoutRefused(db, session.id, DUPLICATE_CARD_REFUSED))) return session.successUrl;
  const url = new URL(session.successUrl);
  url.searchParams.delete(CHECKOUT_RETURN_PARAMS.paymentMethodAdded);
  url.searchParams.delete(CHECKOUT_RETURN_PARAMS.showPaymentModal);
  url.searchParams.set(CHECKOUT_RETURN_PARAMS.cardNotSaved, 'duplicate' satisfies CheckoutNotSavedReason);
  return url.toString();
};
