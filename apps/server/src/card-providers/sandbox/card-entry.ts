import { createHmac } from 'node:crypto';
import { isCardExpired } from '@portal/contract';
import { CHECKOUT_TEXTS, type CardEntryMessages } from './checkout-texts';

/** What the sandbox checkout form posts. */
export interface CardEntryForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
}

export type CardEntryField = keyof CardEntryForm;

/** A card accepted by the sandbox: display data only, plus how its charges behave. */
export interface AcceptedCard {
  brand: 'Visa' | 'Mastercard' | 'American Express';
  last4: string;
  expMonth: number;
  expYear: number;
  nameOnCard: string;
  declinesCharges: boolean;
}

export type CardEntryResult =
  | { ok: true; card: AcceptedCard }
  | { ok: false; errors: Partial<Record<CardEntryField, string>> };

export const DECLINED_MESSAGE = CHECKOUT_TEXTS.en.errors.declined;

/** Stripe's test-mode numbers (docs/decisions/0007-sandbox-card-provider.md): declined at entry, and saved but failing every charge. */
const DECLINED_AT_ENTRY = '4000000000000002';
const DECLINES_CHARGES = '4000000000000341';

const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/**
 * The sandbox processor's fingerprint of a card number, as Stripe's `card.fingerprint`: the same number
 * gives the same 16 characters, however it was typed. Keyed (HMAC-SHA-256 under a key derived from the
 * deployment's secrets key), so it cannot be turned back into the number by trying every number.
 */
export const cardFingerprint = (cardNumber: string, secretsKey: Buffer): string => {
  const key = createHmac('sha256', secretsKey).update('sandbox card fingerprint').digest();
  return createHmac('sha256', key).update(digitsOf(cardNumber)).digest('base64url').slice(0, 16);
};

/** The Luhn checksum every card number carries. */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** The brand a number belongs to, by its issuer prefix and length; null for brands we do not take. */
export const brandOfNumber = (digits: string): AcceptedCard['brand'] | null => {
  if (/^4\d{12}(\d{3}){0,2}$/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.length === 16 && ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720))) return 'Mastercard';
  if (digits.length === 15 && (two === 34 || two === 37)) return 'American Express';
  return null;
};

/** "MM/YY", "MM / YY", "MMYY" or "MM/YYYY" → month and full year; null when it is not a date. */
export const parseExpiry = (text: string): { month: number; year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
};

/**
 * Validates the sandbox checkout form like a processor's hosted page would: Luhn, an accepted brand,
 * an expiry in the future, a CVC of 3 digits (4 for American Express), a name.
 */
export const validateCardEntry = (form: CardEntryForm, now: Date, m: CardEntryMessages = CHECKOUT_TEXTS.en.errors): CardEntryResult => {
  const errors: Partial<Record<CardEntryField, string>> = {};
  const digits = digitsOf(form.cardNumber);
  const brand = brandOfNumber(digits);
  if (digits === '') errors.cardNumber = m.cardNumberRequired;
  else if (!/^\d+$/.test(digits) || !luhnValid(digits)) errors.cardNumber = m.cardNumberInvalid;
  else if (!brand) errors.cardNumber = m.brandNotAccepted;

  const expiry = parseExpiry(form.expiry);
  if (form.expiry.trim() === '') errors.expiry = m.expiryRequired;
  else if (!expiry) errors.expiry = m.expiryFormat;
  else if (isCardExpired({ expMonth: expiry.month, expYear: expiry.year }, now) || expiry.year > now.getUTCFullYear() + 20) {
    errors.expiry = isCardExpired({ expMonth: expiry.month, expYear: expiry.year }, now)
      ? m.expiryPast
      : m.expiryTooFar;
  }

  const cvcLength = brand === 'American Express' ? 4 : 3;
  const cvc = form.cvc.trim();
  if (cvc === '') errors.cvc = m.cvcRequired;
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = m.cvcLength(cvcLength);

  const nameOnCard = form.nameOnCard.trim();
  if (nameOnCard === '') errors.nameOnCard = m.nameRequired;
  else if (nameOnCard.length > 100) errors.nameOnCard = m.nameTooLong;

  if (Object.keys(errors).length > 0 || !brand || !expiry) return { ok: false, errors };
  if (digits === DECLINED_AT_ENTRY) return { ok: false, errors: { cardNumber: m.declined } };
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      nameOnCard,
      declinesCharges: digits === DECLINES_CHARGES,
    },
  };
};
