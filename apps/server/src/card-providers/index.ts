import type { Config } from '../config';
import type { PortalDb } from '../db/client';
import type { Clock } from '../lib/clock';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/provider';

/**
 * The card processor the configuration names (docs/decisions/0007-sandbox-card-provider.md: sandbox by default, Stripe with keys). Stripe's
 * SDK is loaded only when it is the one: it holds about 6 MB of heap an instance on the sandbox never uses.
 */
export const createPaymentProvider = async (config: Config, db: PortalDb, clock: Clock): Promise<PaymentProvider> => {
  if (config.PAYMENT_PROVIDER === 'sandbox') return createSandboxProvider({ db, publicOrigin: config.PUBLIC_ORIGIN });
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const { createStripeProvider } = await import('./stripe/provider');
  return createStripeProvider({
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
    now: () => clock.now(),
  });
};

export type { PaymentProvider } from './provider';
