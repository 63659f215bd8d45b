/**
 * Stripe's bank debit methods (docs/decisions/0035-bank-debit.md): `acss_debit` (Canadian PAD, CAD) and
 * `us_bank_account` (ACH, USD), saved through Checkout in setup mode and debited by PaymentIntents that stay
 * `processing` until the bank settles or returns them (webhooks).
 */
import type Stripe from 'stripe';
import { BANK_DEBIT_SCHEMES, type BankDebitScheme, type PaymentFailureReason } from '@portal/contract';
import type { SavedPaymentMethod } from '../provider';

/**
 * The Checkout setup parameters of a scheme. PAD is a personal, sporadic mandate: each debit is one the customer
 * makes or an automatic payment told ahead, as the portal's agreement says; Stripe verifies the account itself.
 */
export const bankSetupParams = (scheme: BankDebitScheme): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'currency' | 'payment_method_options'> =>
  scheme === 'acss_debit'
    ? {
        allowed_payment_method_types: ['acss_debit'],
        currency: 'cad',
        payment_method_options: {
          acss_debit: { currency: 'cad', mandate_options: { payment_schedule: 'sporadic', transaction_type: 'personal' }, verification_method: 'automatic' },
        },
      }
    : {
        allowed_payment_method_types: ['us_bank_account'],
        currency: 'usd',
        payment_method_options: { us_bank_account: { verification_method: 'automatic' } },
      };

/** A saved bank account's display data; null for a payment method of another kind. */
export const bankAccountOf = (method: Stripe.PaymentMethod): SavedPaymentMethod | null => {
  if (method.acss_debit) {
    const bank = method.acss_debit;
    return {
      type: 'bank_account',
      providerRef: method.id,
      scheme: 'acss_debit',
      bankName: bank.bank_name ?? `Institution ${bank.institution_number ?? ''}`.trim(),
      last4: bank.last4 ?? '',
      routing: `${bank.institution_number ?? ''}-${bank.transit_number ?? ''}`,
      fingerprint: bank.fingerprint ?? null,
    };
  }
  if (method.us_bank_account) {
    const bank = method.us_bank_account;
    return {
      type: 'bank_account',
      providerRef: method.id,
      scheme: 'us_bank_account',
      bankName: bank.bank_name ?? 'Bank account',
      last4: bank.last4 ?? '',
      routing: bank.routing_number ?? '',
      fingerprint: bank.fingerprint ?? null,
    };
  }
  return null;
};

/** Whether a PaymentIntent debits a bank account (its failure is a return, worded as one). */
export const isBankDebitIntent = (intent: { payment_method_types?: readonly string[] | null }): boolean =>
  (intent.payment_method_types ?? []).some((type) => (BANK_DEBIT_SCHEMES as readonly string[]).includes(type));

const RETURN_CODES: Record<string, PaymentFailureReason> = {
  insufficient_funds: 'bank_insufficient_funds',
  account_closed: 'bank_account_closed',
  no_account: 'bank_account_closed',
  bank_account_unusable: 'bank_account_closed',
};

/** A bank's return code (ACH R01, R02 …, as Stripe names them) as ours; another failure is a processing error. */
export const bankReturnReason = (error: { code?: string | null | undefined } | null | undefined): PaymentFailureReason =>
  RETURN_CODES[error?.code ?? ''] ?? 'processing_error';
