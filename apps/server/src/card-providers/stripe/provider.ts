import Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@portal/contract';
import { brandName } from '../card-rules';
import { stripeFailureReason } from './failure-reason';
import { bankAccountOf, bankReturnReason, bankSetupParams, isBankDebitIntent } from './bank-debit';
import { InvalidWebhook, type ChargeResult, type PaymentProvider, type ProviderEvent, type RefundResult, type SavedPaymentMethod } from '../provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (a local stand-in in tests); the SDK's retries are off there. */
  apiBase?: string | undefined;
  now: () => Date;
}

/** Seconds a webhook signature stays acceptable (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const clientOptions = (apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] => {
  if (!apiBase) return { maxNetworkRetries: 2, telemetry: false };
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  };
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const paymentIdOf = (metadata: Stripe.Metadata | null | undefined): bigint | null => {
  const text = metadata?.paymentId;
  return text && /^\d{1,19}$/.test(text) ? BigInt(text) : null;
};

const cardOf = (method: Stripe.PaymentMethod): SavedPaymentMethod | null =>
  method.card
    ? {
        type: 'card',
        providerRef: method.id,
        brand: brandName(method.card.brand),
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
        fingerprint: method.card.fingerprint ?? null,
      }
    : null;

/**
 * Stripe through its official SDK: Checkout in setup mode with one Customer per account, off-session
 * PaymentIntents with our idempotency key, and webhooks verified on the raw body.
 */
export const createStripeProvider = (settings: StripeSettings): PaymentProvider => {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));

  const toEvent = (event: Stripe.Event): ProviderEvent => {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return session.mode === 'setup' ? { id: event.id, type: 'setup_completed', sessionId: session.id } : { id: event.id, type: 'ignored', providerType: event.type };
      }
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        return { id: event.id, type: 'charge_succeeded', providerRef: intent.id, paymentId: paymentIdOf(intent.metadata) };
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        return {
          id: event.id,
          type: 'charge_failed',
          providerRef: intent.id,
          paymentId: paymentIdOf(intent.metadata),
          failureReason: isBankDebitIntent(intent) ? bankReturnReason(intent.last_payment_error) : stripeFailureReason(intent.last_payment_error),
          failureMessage: intent.last_payment_error?.message || PAYMENT_MESSAGES.declined,
        };
      }
      default:
        return { id: event.id, type: 'ignored', providerType: event.type };
    }
  };

  return {
    name: 'stripe',
    publicKey: settings.publishableKey,

    createSetupSession: async ({ account, returnUrl, cancelUrl, appearance, methodType, bankScheme }) => {
      let customerRef = account.providerCustomerRef;
      if (!customerRef) {
        // The key makes concurrent first setups of one account share one Customer.
        const customer = await stripe.customers.create(
          {
            name: account.name,
            ...(account.email ? { email: account.email } : {}),
            metadata: { accountId: String(account.id), customerNo: account.customerNo },
          },
          { idempotencyKey: `portal-customer-${account.id}` },
        );
        customerRef = customer.id;
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerRef,
        ...(methodType === 'bank_account' && bankScheme ? bankSetupParams(bankScheme) : { allowed_payment_method_types: ['card'] }),
        success_url: returnUrl,
        cancel_url: cancelUrl,
        // Stripe's hosted page has no dark theme to ask for; it reads the person's language.
        ...(appearance ? { locale: appearance.language } : {}),
        metadata: { accountId: String(account.id) },
        setup_intent_data: { metadata: { accountId: String(account.id) } },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url, customerRef };
    },

    retrieveSetupMethod: async (sessionId) => {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
      if (session.status !== 'complete' || !session.setup_intent) return null;
      const intent = typeof session.setup_intent === 'string' ? await stripe.setupIntents.retrieve(session.setup_intent) : session.setup_intent;
      if (intent.status !== 'succeeded' || !intent.payment_method) return null;
      const method = typeof intent.payment_method === 'string' ? await stripe.paymentMethods.retrieve(intent.payment_method) : intent.payment_method;
      return cardOf(method) ?? bankAccountOf(method);
    },

    charge: async (input): Promise<ChargeResult> => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: Number(input.amountMinor),
            currency: input.currency.toLowerCase(),
            ...(input.customerRef ? { customer: input.customerRef } : {}),
            payment_method: input.paymentMethodRef,
            confirm: true,
            // A bank debit runs under the mandate its setup accepted; only cards are charged "off session".
            ...(input.bankScheme ? { payment_method_types: [input.bankScheme] } : { off_session: true }),
            description: input.description,
            metadata: { paymentId: String(input.paymentId), accountId: String(input.accountId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
        if (intent.status === 'processing') return { status: 'pending', providerRef: intent.id };
        return {
          status: 'failed',
          providerRef: intent.id,
          failureReason: stripeFailureReason(intent.last_payment_error),
          failureMessage: intent.last_payment_error?.message || PAYMENT_MESSAGES.declined,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerRef: idOf(error.payment_intent) ?? null,
            failureReason: stripeFailureReason({ code: error.code, decline_code: error.decline_code }),
            failureMessage: error.message || PAYMENT_MESSAGES.declined,
          };
        }
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // The card was detached or the request cannot succeed as sent: final, not worth retrying.
          return { status: 'failed', providerRef: null, failureReason: 'card_removed', failureMessage: 'This card can no longer be charged. Please use another card.' };
        }
        throw error;
      }
    },

    // A pending refund is one Stripe accepted (it fails only rarely, later): the portal counts it given back.
    refund: async (input): Promise<RefundResult> => {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentProviderRef,
            amount: Number(input.amountMinor),
            metadata: { refundId: String(input.refundId), paymentId: String(input.paymentId) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'failed', failureMessage: refund.failure_reason ?? 'The refund failed.' };
        return { status: 'succeeded', providerRef: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', failureMessage: error.message };
        throw error;
      }
    },

    detach: async (paymentMethodRef) => {
      await stripe.paymentMethods.detach(paymentMethodRef);
    },

    parseWebhook: (rawBody, signatureHeader) => {
      if (!signatureHeader) throw new InvalidWebhook('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          settings.now().getTime(),
        );
      } catch {
        throw new InvalidWebhook();
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
        throw new InvalidWebhook('The webhook event is malformed.');
      }
      return toEvent(event);
    },
  };
};
