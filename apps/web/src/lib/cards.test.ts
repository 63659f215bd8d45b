import type { PaymentMethodEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { cardBrand, cardLabel, isCardExpired, preferredCard, usableCards } from './cards';

// 15 June 2025, UTC noon: the same calendar month in every time zone.
const TODAY = new Date(Date.UTC(2025, 5, 15, 12));

const entry = (id: bigint, expMonth: number, expYear: number, isDefault = false, brand = 'Visa'): PaymentMethodEntry => ({
  paymentMethod: { id, default: isDefault, lastChargeFailed: false, type: 'card' },
  card: { id: `pm_${id}`, brand, last4: String(4000 + Number(id)), expiry: `${expMonth}/${expYear % 100}`, expMonth, expYear },
  bankAccount: null,
});

describe('isCardExpired', () => {
  it.each([
    [6, 2025, false], // the expiry month itself is still valid
    [5, 2025, true],
    [12, 2024, true],
    [1, 2026, false],
    [7, 2025, false],
  ])('%i/%i → %s', (expMonth, expYear, expired) => {
    expect(isCardExpired({ expMonth, expYear }, TODAY)).toBe(expired);
  });

  it('uses the UTC month, like the service', () => {
    // 1 July 00:30 UTC is still 30 June in the Americas; the service already counts July.
    expect(isCardExpired({ expMonth: 6, expYear: 2025 }, new Date(Date.UTC(2025, 6, 1, 0, 30)))).toBe(true);
  });
});

describe('usableCards / preferredCard', () => {
  const expiredDefault = entry(1n, 1, 2024, true);
  const visa = entry(2n, 12, 2030);
  const defaultVisa = entry(3n, 12, 2030, true);
  const expired = entry(4n, 2, 2025);

  it.each<[string, PaymentMethodEntry[], bigint[], bigint | null]>([
    ['no cards', [], [], null],
    ['only expired cards', [expired], [], null],
    ['default preferred over the first', [visa, defaultVisa], [2n, 3n], 3n],
    ['first usable when the default has expired', [expiredDefault, expired, visa], [2n], 2n],
    ['first card when none is default', [visa, entry(5n, 1, 2031)], [2n, 5n], 2n],
  ])('%s', (_name, cards, usable, preferred) => {
    expect(usableCards(cards, TODAY).map((c) => c.paymentMethod.id)).toEqual(usable);
    expect(preferredCard(cards, TODAY)?.paymentMethod.id ?? null).toBe(preferred);
  });
});

describe('cardBrand / cardLabel', () => {
  it.each([
    ['Visa', 'visa', 'Visa'],
    ['visa', 'visa', 'Visa'],
    ['Mastercard', 'mastercard', 'Mastercard'],
    ['MasterCard', 'mastercard', 'Mastercard'],
    ['American Express', 'amex', 'American Express'],
    ['amex', 'amex', 'American Express'],
    ['american_express', 'amex', 'American Express'],
    ['discover', 'generic', 'Discover'],
    ['diners_club', 'generic', 'Diners Club'],
    ['UNIONPAY', 'generic', 'Unionpay'],
    ['  ', 'generic', 'Card'],
  ])('%s → %s "%s"', (brand, kind, name) => {
    expect(cardBrand(brand)).toEqual({ kind, name });
  });

  it('labels a card with brand and last four digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'jcb', last4: '0000' })).toBe('Jcb •••• 0000');
  });
});
