import { describe, expect, it } from 'vitest';
import type { RecentPayment } from '@portal/contract';
import { failureReasonText, historyReasonText, paymentOutcome, type PaymentOutcome } from './payment-outcome';

type State = Pick<RecentPayment, 'status' | 'failureReason'>;

describe('paymentOutcome', () => {
  it.each<[State, PaymentOutcome]>([
    [{ status: 'InProgress', failureReason: null }, { state: 'processing' }],
    [{ status: 'Successful', failureReason: null }, { state: 'succeeded' }],
    [{ status: 'Error', failureReason: 'card_declined' }, { state: 'declined', reason: 'card_declined' }],
    [{ status: 'Error', failureReason: 'insufficient_funds' }, { state: 'declined', reason: 'insufficient_funds' }],
    [{ status: 'Error', failureReason: 'lost_or_stolen' }, { state: 'declined', reason: 'lost_or_stolen' }],
    [{ status: 'Error', failureReason: 'authentication_required' }, { state: 'declined', reason: 'authentication_required' }],
    [{ status: 'Error', failureReason: 'processor_unavailable' }, { state: 'failed', reason: 'processor_unavailable' }],
    [{ status: 'Error', failureReason: 'processing_error' }, { state: 'failed', reason: 'processing_error' }],
    [{ status: 'Error', failureReason: 'card_removed' }, { state: 'failed', reason: 'card_removed' }],
    // A payment recorded before reasons were kept reads as a plain decline.
    [{ status: 'Error', failureReason: null }, { state: 'declined', reason: 'card_declined' }],
  ])('%o → %o', (payment, outcome) => {
    expect(paymentOutcome(payment)).toEqual(outcome);
  });
});

describe('failureReasonText', () => {
  it.each([
    ['card_declined', 'en', null],
    ['card_declined', 'fr', null],
    ['insufficient_funds', 'en', 'The card has insufficient funds.'],
    ['insufficient_funds', 'fr', 'Les fonds de la carte sont insuffisants.'],
    ['processor_unavailable', 'fr', 'Le processeur de cartes n’a pas pu être joint : le paiement n’a pas été effectué. Veuillez réessayer.'],
    ['expired_card', 'de', 'The card has expired.'],
  ] as const)('%s in %s: %s', (reason, language, text) => {
    expect(failureReasonText(reason, language)).toBe(text);
  });
});

describe('historyReasonText', () => {
  it.each<[State, string, string | null]>([
    [{ status: 'Error', failureReason: 'card_declined' }, 'en', 'Your card was declined.'],
    [{ status: 'Error', failureReason: 'card_declined' }, 'fr', 'Votre carte a été refusée.'],
    [{ status: 'Error', failureReason: 'incorrect_cvc' }, 'fr', 'Le code de sécurité de la carte est incorrect.'],
    [{ status: 'Successful', failureReason: null }, 'en', null],
    [{ status: 'InProgress', failureReason: null }, 'fr', null],
  ])('%o in %s: %s', (payment, language, text) => {
    expect(historyReasonText(payment, language)).toBe(text);
  });
});
