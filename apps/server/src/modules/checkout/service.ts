import { lockAccount } from '../../lib/account-lock';
import { endpoints, MESSAGES, PAYMENT_MESSAGES, type CheckoutSetupRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { assertAccountAccess } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../http/caller';
import type { BillingContext } from '../../http/billing-context';
import { hasDefaultPaymentMethod, insertPaymentMethod } from '../payment-methods';
import {
  accountForCheckout,
  completeCheckoutSessionRow,
  findCheckoutSession,
  hasCurrentBillingAddress,
  insertCheckoutSession,
  rememberCustomerRef,
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
 * Starts adding a card (spec §4 "Add Payment Method"): the caller must use the account, it needs a
 * current billing address, and the browser may only come back to this site.
 */
export const startCardSetup = async (
  ctx: BillingContext,
  caller: Caller,
  request: z.output<typeof CheckoutSetupRequestSchema>,
  publicOrigin: string,
): Promise<{ id: string; url: string }> => {
  await assertAccountAccess(ctx.db, caller, request.accountId);
  if (request.order.accountId !== request.accountId) throw badRequest(PAYMENT_MESSAGES.orderAccountMismatch);
  if (!isSameOrigin(request.successUrl, publicOrigin) || !isSameOrigin(request.cancelUrl, publicOrigin)) {
    throw badRequest(PAYMENT_MESSAGES.returnUrlOrigin);
  }
  const now = ctx.clock.now();
  if (!(await hasCurrentBillingAddress(ctx.db, request.accountId, now))) throw badRequest(MESSAGES.noBillingAddress);
  const account = await accountForCheckout(ctx.db, request.accountId);
  if (!account) throw notFound('The account');

  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const session = await ctx.provider.createSetupSession({
    account,
    returnUrl: checkoutReturnUrl(publicOrigin),
    cancelUrl: request.cancelUrl,
    expiresAt,
  });
  await ctx.db.transaction(async (tx) => {
    await insertCheckoutSession(tx, {
      id: session.id,
      accountId: account.id,
      provider: ctx.provider.name,
      status: 'open',
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      createdByUserId: caller.userId,
      createdAt: now,
      expiresAt,
    });
    if (session.customerRef && !account.providerCustomerRef) await rememberCustomerRef(tx, account.id, session.customerRef);
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: account.id,
      action: 'checkout.started',
      entity: 'checkout_session',
      entityId: session.id,
      details: { provider: ctx.provider.name },
    });
  });
  return { id: session.id, url: session.url };
};

/** Whether the sandbox page may still take a card for this session. */
export const isSessionOpen = (session: CheckoutSessionRow, now: Date): boolean =>
  session.status === 'open' && session.expiresAt.getTime() > now.getTime();

/**
 * Saves the card a finished setup session produced, once, whichever arrives first: the browser's
 * return, the provider's webhook or the sandbox page. The account's first card (or any card while
 * the account has no default) becomes the default. Null for a session we never created.
 */
export const completeCardSetup = async (ctx: BillingContext, sessionId: string): Promise<CheckoutSessionRow | null> => {
  const session = await findCheckoutSession(ctx.db, sessionId);
  if (!session || session.status === 'complete' || session.provider !== ctx.provider.name) return session;
  const card = await ctx.provider.retrieveSetupCard(sessionId);
  if (!card) return session;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await findCheckoutSession(tx, sessionId, true);
    if (!locked || locked.status === 'complete') return locked;
    await lockAccount(tx, locked.accountId);
    const method = await insertPaymentMethod(tx, {
      accountId: locked.accountId,
      provider: locked.provider,
      providerRef: card.providerRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
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
    return completed;
  });
};
