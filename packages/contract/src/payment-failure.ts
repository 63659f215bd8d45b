/**
 * Why a card payment failed, as a code both sides know: the server stores it with the payment, the portal
 * words it in the customer's language. Zod-free, so the database schema and any screen can import it.
 */
export const PAYMENT_FAILURE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'lost_or_stolen',
  'expired_card',
  'incorrect_cvc',
  'authentication_required',
  'processing_error',
  'card_removed',
  'processor_unavailable',
  // Returns of a bank debit (docs/decisions/0035-bank-debit.md): they arrive days after the payment was taken.
  'bank_insufficient_funds',
  'bank_account_closed',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/**
 * Each reason worded for the customer, in both languages: the portal's outcome and history, the failure emails,
 * and (in English) the `error` of a payment answer. Shared, so every place says the same.
 */
export const PAYMENT_FAILURE_TEXTS: Record<'en' | 'fr', Record<PaymentFailureReason, string>> = {
  en: {
    card_declined: 'Your card was declined.',
    insufficient_funds: 'The card has insufficient funds.',
    lost_or_stolen: 'The card was reported lost or stolen.',
    expired_card: 'The card has expired.',
    incorrect_cvc: 'The card’s security code is incorrect.',
    authentication_required: 'Your bank asks you to confirm the payment. Please pay again, or use another card.',
    processing_error: 'The card processor could not take the payment. Please try again.',
    card_removed: 'The card was removed before the payment could be made.',
    processor_unavailable: 'The card processor could not be reached, so the payment was not made. Please try again.',
    bank_insufficient_funds: 'Your bank returned the debit: there were insufficient funds in the account.',
    bank_account_closed: 'Your bank returned the debit: the bank account is closed.',
  },
  fr: {
    card_declined: 'Votre carte a été refusée.',
    insufficient_funds: 'Les fonds de la carte sont insuffisants.',
    lost_or_stolen: 'La carte a été déclarée perdue ou volée.',
    expired_card: 'La carte est expirée.',
    incorrect_cvc: 'Le code de sécurité de la carte est incorrect.',
    authentication_required: 'Votre banque demande de confirmer le paiement. Veuillez payer de nouveau ou utiliser une autre carte.',
    processing_error: 'Le processeur de cartes n’a pas pu effectuer le paiement. Veuillez réessayer.',
    card_removed: 'La carte a été retirée avant que le paiement puisse être effectué.',
    processor_unavailable: 'Le processeur de cartes n’a pas pu être joint : le paiement n’a pas été effectué. Veuillez réessayer.',
    bank_insufficient_funds: 'Votre banque a retourné le prélèvement : les fonds du compte étaient insuffisants.',
    bank_account_closed: 'Votre banque a retourné le prélèvement : le compte bancaire est fermé.',
  },
};

/** Whether the bank refused the card (the others: the processor or a removed card stopped the payment). */
export const isCardDecline = (reason: PaymentFailureReason): boolean =>
  reason !== 'processing_error' && reason !== 'card_removed' && reason !== 'processor_unavailable' && !isBankReturn(reason);

/** Whether the reason is a bank's return of a debit (the payment had been Processing). */
export const isBankReturn = (reason: PaymentFailureReason): boolean => reason === 'bank_insufficient_funds' || reason === 'bank_account_closed';

/** A stored reason read back; an unknown or missing one is a plain decline. */
export const paymentFailureReasonOf = (value: string | null | undefined): PaymentFailureReason =>
  (PAYMENT_FAILURE_REASONS as readonly string[]).includes(value ?? '') ? (value as PaymentFailureReason) : 'card_declined';
