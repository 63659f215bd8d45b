import { describe, expect, it } from 'vitest';
import { brandOfNumber, cardFingerprint, luhnValid, parseExpiry, validateCardEntry, type CardEntryForm } from './card-entry';
import { CHECKOUT_TEXTS } from './checkout-texts';

const now = new Date('2025-06-15T00:00:00Z');
const form = (overrides: Partial<CardEntryForm> = {}): CardEntryForm => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  nameOnCard: 'Pat Lee',
  ...overrides,
});

describe('luhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4000000000000002', true],
    ['4000000000000341', true],
    ['12345', false],
    ['abcd', false],
  ])('%s → %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });
});

describe('brandOfNumber', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', null],
  ])('%s → %s', (digits, brand) => {
    expect(brandOfNumber(digits)).toBe(brand);
  });
});

describe('parseExpiry', () => {
  it.each([
    ['12/30', { month: 12, year: 2030 }],
    ['01 / 27', { month: 1, year: 2027 }],
    ['0727', { month: 7, year: 2027 }],
    ['07/2027', { month: 7, year: 2027 }],
    ['13/30', null],
    ['00/30', null],
    ['soon', null],
  ])('%s', (text, parsed) => {
    expect(parseExpiry(text)).toEqual(parsed);
  });
});

describe('validateCardEntry', () => {
  it('says what is wrong in the language of the page', () => {
    const fr = CHECKOUT_TEXTS.fr.errors;
    expect(validateCardEntry(form({ cardNumber: '', expiry: '13/30', cvc: '12', nameOnCard: ' ' }), now, fr)).toEqual({
      ok: false,
      errors: {
        cardNumber: 'Saisissez le numéro de votre carte.',
        expiry: 'Saisissez la date d’expiration au format MM/AA.',
        cvc: 'Le code de sécurité (CVC) doit compter 3 chiffres.',
        nameOnCard: 'Saisissez le nom inscrit sur la carte.',
      },
    });
    expect(validateCardEntry(form({ cardNumber: '4000 0000 0000 0002' }), now, fr)).toEqual({ ok: false, errors: { cardNumber: 'Votre carte a été refusée.' } });
  });

  it('has every message in both languages', () => {
    expect(Object.keys(CHECKOUT_TEXTS.fr.errors).sort()).toEqual(Object.keys(CHECKOUT_TEXTS.en.errors).sort());
    for (const [key, text] of Object.entries(CHECKOUT_TEXTS.fr.errors)) {
      const english = CHECKOUT_TEXTS.en.errors[key as keyof typeof CHECKOUT_TEXTS.en.errors];
      expect(typeof text === 'function' ? text(3) : text, key).not.toBe(typeof english === 'function' ? english(3) : english);
    }
  });

  it.each([
    ['4242 4242 4242 4242', 'Visa', '4242', false],
    ['5555 5555 5555 4444', 'Mastercard', '4444', false],
    ['4000 0000 0000 0341', 'Visa', '0341', true],
  ])('accepts %s as %s', (cardNumber, brand, last4, declinesCharges) => {
    expect(validateCardEntry(form({ cardNumber }), now)).toEqual({
      ok: true,
      card: { brand, last4, expMonth: 12, expYear: 2030, nameOnCard: 'Pat Lee', declinesCharges },
    });
  });

  it('accepts American Express with a 4-digit CVC only', () => {
    expect(validateCardEntry(form({ cardNumber: '3782 822463 10005', cvc: '1234' }), now)).toMatchObject({
      ok: true,
      card: { brand: 'American Express', last4: '0005' },
    });
    expect(validateCardEntry(form({ cardNumber: '3782 822463 10005', cvc: '123' }), now)).toEqual({
      ok: false,
      errors: { cvc: 'The security code (CVC) must be 4 digits.' },
    });
  });

  it.each<[Partial<CardEntryForm>, Record<string, string>]>([
    [{ cardNumber: '4000 0000 0000 0002' }, { cardNumber: 'Your card was declined.' }],
    [{ cardNumber: '4242 4242 4242 4241' }, { cardNumber: 'Your card number is invalid.' }],
    [{ cardNumber: '' }, { cardNumber: 'Enter your card number.' }],
    [{ cardNumber: '6011 1111 1111 1117' }, { cardNumber: 'We accept Visa, Mastercard and American Express.' }],
    [{ expiry: '05/25' }, { expiry: "Your card's expiry date is in the past." }],
    [{ expiry: '13/30' }, { expiry: 'Enter the expiry date as MM/YY.' }],
    [{ expiry: '' }, { expiry: 'Enter the expiry date.' }],
    [{ cvc: '12' }, { cvc: 'The security code (CVC) must be 3 digits.' }],
    [{ cvc: '1234' }, { cvc: 'The security code (CVC) must be 3 digits.' }],
    [{ nameOnCard: '  ' }, { nameOnCard: 'Enter the name on the card.' }],
    [
      { cardNumber: '1234', expiry: 'x', cvc: '', nameOnCard: '' },
      {
        cardNumber: 'Your card number is invalid.',
        expiry: 'Enter the expiry date as MM/YY.',
        cvc: 'Enter the security code (CVC).',
        nameOnCard: 'Enter the name on the card.',
      },
    ],
  ])('refuses %o', (overrides, errors) => {
    expect(validateCardEntry(form(overrides), now)).toEqual({ ok: false, errors });
  });

  it('keeps the current month valid', () => {
    expect(validateCardEntry(form({ expiry: '06/25' }), now).ok).toBe(true);
  });
});

describe('cardFingerprint', () => {
  const key = Buffer.alloc(32, 7);
  it.each([
    ['spaces and dashes do not matter', '4242 4242 4242 4242', '4242-4242-4242-4242', true],
    ['another number differs', '4242 4242 4242 4242', '5555 5555 5555 4444', false],
    ['same last 4, another number differs', '4242 4242 4242 4242', '4000 0566 5566 4242', false],
  ])('%s', (_name, a, b, same) => {
    expect(cardFingerprint(a, key) === cardFingerprint(b, key)).toBe(same);
  });

  it('is 16 URL-safe characters, keyed by the deployment', () => {
    const fingerprint = cardFingerprint('4242424242424242', key);
    expect(fingerprint).toMatch(/^[\w-]{16}$/);
    expect(cardFingerprint('4242424242424242', Buffer.alloc(32, 8))).not.toBe(fingerprint);
  });
});
