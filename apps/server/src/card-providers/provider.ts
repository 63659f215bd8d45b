import type { BankDebitScheme, CheckoutAppearance, CurrencyCode, PaymentFailureReason, PaymentMethodType } from '@portal/contract';

export type ProviderName = 'sandbox' | 'stripe';

/** A card as the provider reports it after setup: display data and the provider's reference, never a number. */
export interface SavedCard {
  providerRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's fingerprint of the card number (the same card gives the same one); null when it gives none. */
  fingerprint: string | null;
}

/** A bank account as the provider reports it after setup (docs/decisions/0035-bank-debit.md): display data, never the account number. */
export interface SavedBankAccount {
  providerRef: string;
  scheme: BankDebitScheme;
  /** The bank's name as the provider gives it (kept as the method's `brand`). */
  bankName: string;
  last4: string;
  /** Institution and transit ("004-12345") for PAD, the routing number for ACH. */
  routing: string;
  fingerprint: string | null;
}

/** What a finished setup session saved. */
export type SavedPaymentMethod = ({ type: 'card' } & SavedCard) | ({ type: 'bank_account' } & SavedBankAccount);

export interface SetupSessionInput {
  account: { id: bigint; customerNo: string; name: string; email: string | null; providerCustomerRef: string | null };
  /** Where the provider sends the browser after the card is saved (our completion route). */
  returnUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The portal's theme and language, for a page that can follow them. */
  appearance?: CheckoutAppearance | undefined;
  /** A card, or a bank account debited through `bankScheme` (the account's currency decides it). */
  methodType: PaymentMethodType;
  bankScheme?: BankDebitScheme | undefined;
}

export interface SetupSession {
  /** The provider's session id; also the id of our checkout_sessions row. */
  id: string;
  /** Where the browser enters the card. */
  url: string;
  /** The provider's customer for the account, when the provider keeps customers (Stripe). */
  customerRef: string | null;
}

export interface ChargeInput {
  paymentId: bigint;
  accountId: bigint;
  customerRef: string | null;
  paymentMethodRef: string;
  /** Exact minor units (cents). */
  amountMinor: bigint;
  currency: CurrencyCode;
  description: string;
  /** Stable per payment, so a retried charge is never taken twice. */
  idempotencyKey: string;
  /** Set for a debit of a saved bank account: it is Processing for days, not settled at once. */
  bankScheme?: BankDebitScheme | undefined;
}

/**
 * `pending`: accepted, the outcome arrives later (webhook or settlement job); `failed` carries the
 * reason (worded in the customer's language by the portal) and the provider's own message.
 */
export type ChargeResult =
  | { providerRef: string; status: 'pending' | 'succeeded' }
  | { providerRef: string | null; status: 'failed'; failureReason: PaymentFailureReason; failureMessage: string };

export interface RefundInput {
  refundId: bigint;
  paymentId: bigint;
  /** The provider's reference of the payment being refunded. */
  paymentProviderRef: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  /** Stable per refund, so a retried refund is never given twice. */
  idempotencyKey: string;
}

/** A refund the provider took (`succeeded`) or refused, in its own words. */
export type RefundResult = { status: 'succeeded'; providerRef: string } | { status: 'failed'; failureMessage: string };

/** A verified provider event, reduced to what the billing side acts on. */
export type ProviderEvent =
  | { id: string; type: 'setup_completed'; sessionId: string }
  | { id: string; type: 'charge_succeeded'; providerRef: string; paymentId: bigint | null }
  | { id: string; type: 'charge_failed'; providerRef: string; paymentId: bigint | null; failureReason: PaymentFailureReason; failureMessage: string }
  | { id: string; type: 'ignored'; providerType: string };

/** Thrown for a webhook that does not verify or cannot be read (answered 400). */
export class InvalidWebhook extends Error {
  constructor(message = 'Invalid webhook signature.') {
    super(message);
    this.name = 'InvalidWebhook';
  }
}

/**
 * The card processor. Cards are entered on the provider's hosted page (no card number reaches our
 * routes except the built-in sandbox page, which keeps only display data); charges are off-session
 * and idempotent.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The key the browser may see. */
  readonly publicKey: string;
  createSetupSession(input: SetupSessionInput): Promise<SetupSession>;
  /** The card or bank account a finished setup session saved; null while the customer has not finished. */
  retrieveSetupMethod(sessionId: string): Promise<SavedPaymentMethod | null>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Gives back part or all of a payment it took (docs/decisions/0036-refunds-and-pay-all.md). */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Forget a saved card at the provider. */
  detach(paymentMethodRef: string): Promise<void>;
  /** Verifies a webhook on its raw body; throws InvalidWebhook when it does not verify. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
