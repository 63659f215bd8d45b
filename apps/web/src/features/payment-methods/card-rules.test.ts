import type { PaymentMethodEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteCard, canSetDefault, cardBadges, cardState, type CardBadge, type CardState } from './card-rules';

// 15 June 2025, UTC noon: the same calendar month in every time zone.
const TODAY = new Date(Date.UTC(2025, 5, 15, 12));

const entry = (id: bigint, expMonth: number, expYear: number, isDefault = false, brand = 'Visa', lastChargeFailed = false): PaymentMethodEntry => ({
  paymentMethod: { id, default: isDefault, lastChargeFailed, type: 'card' },
  card: { id: `pm_${id}`, brand, last4: String(4000 + Number(id)), expiry: `${expMonth}/${expYear % 100}`, expMonth, expYear },
  bankAccount: null,
});

describe('cardState / cardBadges / canSetDefault', () => {
  it.each<[string, PaymentMethodEntry, CardState, CardBadge[], boolean]>([
    ['default card', entry(1n, 12, 2030, true), 'default', ['default'], false],
    ['expired card', entry(2n, 1, 2024), 'expired', ['expired'], false],
    ['normal card', entry(3n, 12, 2030), 'normal', [], true],
    ['default card that has expired', entry(4n, 1, 2024, true), 'expired', ['default', 'expired'], false],
    ['default card whose last payment failed', entry(5n, 12, 2030, true, 'Visa', true), 'default', ['default', 'lastFailed'], false],
    ['other card whose last payment failed', entry(6n, 12, 2030, false, 'Visa', true), 'normal', ['lastFailed'], true],
    ['expired card whose last payment failed', entry(7n, 1, 2024, false, 'Visa', true), 'expired', ['expired'], false],
  ])('%s', (_name, card, state, badges, settable) => {
    expect(cardState(card, TODAY)).toBe(state);
    expect(cardBadges(card, TODAY)).toEqual(badges);
    expect(canSetDefault(card, TODAY)).toBe(settable);
  });
});

describe('canDeleteCard', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [5, true],
  ])('%i cards on file → %s', (count, allowed) => {
    expect(canDeleteCard(count)).toBe(allowed);
  });
});
