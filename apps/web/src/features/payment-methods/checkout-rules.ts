import {
  CHECKOUT_NOT_SAVED_REASONS,
  CHECKOUT_RETURN_PARAMS,
  type AccountDetailsResponse,
  type CheckoutNotSavedReason,
  type CheckoutSetupRequest,
} from '@portal/contract';
import { accountDisplayName, currentBillingAddress, currentBillingContact } from '@/features/account';

/**
 * Pure rules of adding a card through the provider's hosted checkout: the
 * setup request, where the browser comes back to, and what the page does with the return parameters.
 */

const { paymentMethodAdded, fromInvoiceId, showPaymentModal, cardNotSaved } = CHECKOUT_RETURN_PARAMS;

/**
 * Where the provider sends the browser after the card is saved: this page plus `paymentMethodAdded=true`,
 * and — when adding started from an invoice's pay modal — `fromInvoiceId` and `showPaymentModal=true`, so the
 * invoice page can reopen its pay modal.
 */
export const checkoutSuccessUrl = (location: { origin: string; pathname: string }, invoiceId: bigint | null = null): string => {
  const params = new URLSearchParams({ [paymentMethodAdded]: 'true' });
  if (invoiceId !== null) {
    params.set(fromInvoiceId, String(invoiceId));
    params.set(showPaymentModal, 'true');
  }
  return `${location.origin}${location.pathname}?${params.toString()}`;
};

export interface CheckoutReturn {
  paymentMethodAdded: boolean;
  fromInvoiceId: string | null;
  showPaymentModal: boolean;
  /** Why the service did not save the card (e.g. `duplicate`: the same card is on the account already). */
  cardNotSaved: CheckoutNotSavedReason | null;
}

const isNotSavedReason = (value: string | null): value is CheckoutNotSavedReason =>
  (CHECKOUT_NOT_SAVED_REASONS as readonly (string | null)[]).includes(value);

/** The return parameters of a checkout, as found in the URL. */
export const readCheckoutReturn = (params: URLSearchParams): CheckoutReturn => {
  const reason = params.get(cardNotSaved);
  return {
    paymentMethodAdded: params.get(paymentMethodAdded) === 'true',
    fromInvoiceId: params.get(fromInvoiceId),
    showPaymentModal: params.get(showPaymentModal) === 'true',
    cardNotSaved: isNotSavedReason(reason) ? reason : null,
  };
};

export const hasCheckoutParams = (params: URLSearchParams): boolean =>
  params.has(paymentMethodAdded) || params.has(fromInvoiceId) || params.has(showPaymentModal) || params.has(cardNotSaved);

/** The URL's other parameters, without the checkout's (they are handled once, then removed). */
export const withoutCheckoutParams = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.delete(paymentMethodAdded);
  next.delete(fromInvoiceId);
  next.delete(showPaymentModal);
  next.delete(cardNotSaved);
  return next;
};

/** The invoice page reopens its pay modal only for a return that names this very invoice. */
export const shouldReopenPayModal = (ret: CheckoutReturn, invoiceId: bigint): boolean =>
  ret.showPaymentModal && ret.cardNotSaved === null && ret.fromInvoiceId === String(invoiceId);

/** What the provider is called in messages ("Could not get Stripe public key"). */
export const providerDisplayName = (provider: string | null | undefined): string | null =>
  provider === 'stripe' ? 'Stripe' : provider === 'sandbox' ? 'Sandbox' : null;

/**
 * Body of POST checkoutapi/setup: the order carries the account's name,
 * email, type and currency and its current billing address. Null without a current billing address (adding
 * a card needs one — "No valid billing address found").
 */
export const buildCheckoutSetupRequest = (
  details: AccountDetailsResponse,
  urls: { successUrl: string; cancelUrl: string },
  now: Date,
): CheckoutSetupRequest | null => {
  const address = currentBillingAddress(details, now);
  if (!address) return null;
  const { account } = details;
  const line1 = [address.streetNumber, address.streetName]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return {
    accountId: account.id,
    order: {
      name: accountDisplayName(account),
      accountId: account.id,
      description: 'Add a payment method',
      email: account.invoiceEmailAddress?.trim() || currentBillingContact(details, now)?.primaryEmail || null,
      accountType: account.type,
      currency: account.currency,
      address: {
        city: address.city,
        country: address.country,
        postalCode: address.postal,
        state: address.province,
        line1: line1 || null,
      },
    },
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
  };
};

/**
 * Whether the checkout URL the service answered may be navigated to: an absolute http(s) address (the
 * provider's page, e.g. Stripe's, or the sandbox page on this site) — never `javascript:` or the like.
 */
export const isNavigableUrl = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};
