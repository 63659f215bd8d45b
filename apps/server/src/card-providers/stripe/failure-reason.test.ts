import { describe, expect, it } from 'vitest';
import { stripeFailureReason } from './failure-reason';

describe('stripeFailureReason', () => {
  it.each([
    [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'insufficient_funds'],
    [{ code: 'card_declined', decline_code: 'stolen_card' }, 'lost_or_stolen'],
    [{ code: 'card_declined', decline_code: 'lost_card' }, 'lost_or_stolen'],
    [{ code: 'expired_card' }, 'expired_card'],
    [{ code: 'incorrect_cvc' }, 'incorrect_cvc'],
    [{ code: 'authentication_required', decline_code: 'authentication_required' }, 'authentication_required'],
    [{ code: 'processing_error' }, 'processing_error'],
    [{ code: 'card_declined', decline_code: 'generic_decline' }, 'card_declined'],
    [{ code: 'card_declined', decline_code: 'do_not_honor' }, 'card_declined'],
    [{}, 'card_declined'],
    [null, 'card_declined'],
  ] as const)('%o → %s', (error, reason) => {
    expect(stripeFailureReason(error)).toBe(reason);
  });
});
