import type { AccountDetailsResponse, CheckoutAppearance, CheckoutSetupRequest } from '@portal/contract';
import { ApiError } from '@/lib/api/client';
import { buildCheckoutSetupRequest, checkoutSuccessUrl, isNavigableUrl } from '../checkout-rules';
import { createCheckoutSetup } from './create-checkout-setup';
import { getPublicKey } from './get-public-key';

export type CardSetupFailure = 'noAddress' | 'publicKey' | 'notLoaded' | 'session' | 'setup';

/** Why adding a card could not start; the modal turns `reason` into the spec's message ("Add method"). */
export class CardSetupError extends Error {
  override readonly name = 'CardSetupError';
  constructor(
    readonly reason: CardSetupFailure,
    /** The provider's name when known ("stripe", "sandbox"). */
    readonly provider: string | null = null,
    /** The service's own explanation, when it gave one. */
    readonly serverMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(`Card setup failed: ${reason}`, options);
  }
}

export interface StartCardSetupInput {
  details: AccountDetailsResponse;
  location: Pick<Location, 'origin' | 'pathname' | 'href'>;
  /** Set when adding starts from an invoice's pay modal, so that modal reopens on return. */
  fromInvoiceId: bigint | null;
  now: Date;
  /** The theme and language the portal is in, so the provider's page follows them. */
  appearance: CheckoutAppearance;
  /** A bank account, with the agreement the person accepted (docs/decisions/0035-bank-debit.md); a card when absent. */
  bankAccount?: { agreement: NonNullable<CheckoutSetupRequest['agreement']> } | undefined;
}

/**
 * "Add Payment Method" → the URL of the provider's checkout page: checks the billing address (before
 * calling anything), reads the provider's public key, then creates the setup session. Throws CardSetupError.
 */
export const startCardSetup = async ({ details, location, fromInvoiceId, now, appearance, bankAccount }: StartCardSetupInput): Promise<string> => {
  const request = buildCheckoutSetupRequest(
    details,
    { successUrl: checkoutSuccessUrl(location, fromInvoiceId), cancelUrl: location.href },
    now,
  );
  if (!request) throw new CardSetupError('noAddress');

  let provider: string;
  try {
    const key = await getPublicKey();
    provider = key.provider;
    if (!key.publicKey.trim()) throw new CardSetupError('notLoaded', provider);
  } catch (error) {
    if (error instanceof CardSetupError) throw error;
    throw new CardSetupError('publicKey', null, null, { cause: error });
  }

  let url: string;
  try {
    ({ url } = await createCheckoutSetup({ ...request, appearance, ...(bankAccount ? { methodType: 'bank_account', agreement: bankAccount.agreement } : {}) }));
  } catch (error) {
    const serverMessage = error instanceof ApiError ? (error.serverMessage ?? null) : null;
    throw new CardSetupError('session', provider, serverMessage, { cause: error });
  }
  if (!isNavigableUrl(url)) throw new CardSetupError('setup', provider);
  return url;
};
