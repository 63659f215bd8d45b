import type { PaymentFailureReason } from '@portal/contract';

const BY_CODE: Record<string, PaymentFailureReason> = {
  insufficient_funds: 'insufficient_funds',
  lost_card: 'lost_or_stolen',
  stolen_card: 'lost_or_stolen',
  pickup_card: 'lost_or_stolen',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  authentication_required: 'authentication_required',
  processing_error: 'processing_error',
};

/**
 * Stripe's reason for a failed charge as ours: its decline code when the bank gave one (it is the more precise),
 * else its error code; anything we do not word ourselves is a plain decline.
 */
export const stripeFailureReason = (error: { code?: string | null | undefined; decline_code?: string | null | undefined } | null | undefined): PaymentFailureReason =>
  BY_CODE[error?.decline_code ?? ''] ?? BY_CODE[error?.code ?? ''] ?? 'card_declined';
