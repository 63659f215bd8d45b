import type { Money } from './primitives';

/** Digits before the decimal point an amount may have: what the database's `numeric(14,2)` holds. */
export const MONEY_WHOLE_DIGITS = 12;

export const MONEY_PROBLEMS = {
  notAmount: 'Must be an amount with at most 2 decimals',
  exponent: 'Must be written without an exponent (100000, not 1e5)',
  notFinite: 'Must be a finite amount',
  tooManyDigits: `Amount is too large: at most ${MONEY_WHOLE_DIGITS} digits before the decimal point`,
  tooManyDecimals: 'Amount must have at most 2 decimals',
} as const;

export type MoneyParse = { ok: true; minor: bigint } | { ok: false; problem: string };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const parseDecimal = (text: string): MoneyParse => {
  if (/e/i.test(text)) return { ok: false, problem: MONEY_PROBLEMS.exponent };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: MONEY_PROBLEMS.notAmount };
  const [, sign, digits, fraction = ''] = match;
  const whole = digits!.replace(/^0+(?=\d)/, '');
  if (whole.length > MONEY_WHOLE_DIGITS) return { ok: false, problem: MONEY_PROBLEMS.tooManyDigits };
  if (fraction.length > 2) return { ok: false, problem: MONEY_PROBLEMS.tooManyDecimals };
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return { ok: true, minor: sign === '-' ? -minor : minor };
};

/**
 * The one parser of every money field a caller sends: a JSON number, a decimal string or (from lossless JSON)
 * a big integer, to exact minor units. Exponent forms, more digits than the database holds, more than 2
 * decimals and non-finite values are refused with the problem, never thrown. A number's float noise
 * (0.1 + 0.2) is read as the cents it is meant to be; a number has no written form left to judge, so
 * 1e22 is refused for its size and the string "1e5" for its exponent.
 */
export const parseMoney = (input: unknown): MoneyParse => {
  if (typeof input === 'bigint') return parseDecimal(input.toString());
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: MONEY_PROBLEMS.notFinite };
    if (Math.abs(input) >= 10 ** MONEY_WHOLE_DIGITS) return { ok: false, problem: MONEY_PROBLEMS.tooManyDigits };
    // Below 1e12 a number's shortest text has no exponent unless it is below 1e-6 (then too precise anyway).
    const exact = parseDecimal(String(input));
    if (exact.ok || exact.problem !== MONEY_PROBLEMS.tooManyDecimals && exact.problem !== MONEY_PROBLEMS.exponent) return exact;
    const cents = input * 100;
    const rounded = Math.round(cents);
    if (Math.abs(rounded - cents) >= 1e-6) return { ok: false, problem: MONEY_PROBLEMS.tooManyDecimals };
    return { ok: true, minor: BigInt(rounded) };
  }
  if (typeof input === 'string') return parseDecimal(input.trim());
  return { ok: false, problem: MONEY_PROBLEMS.notAmount };
};

/** Exact minor units (cents) of an amount that has at most 2 decimals. */
export const toMinor = (amount: Money | string): bigint => {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -minor : minor;
};

/** The decimal string of minor units, e.g. -1234n → "-12.34". */
export const minorToDecimal = (minor: bigint): string => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
};

/** Minor units back to a wire amount (exact for |amount| < 1e13). */
export const fromMinor = (minor: bigint): Money => Number(minorToDecimal(minor));
/** A `numeric` from the database (a decimal string) as a wire amount, exactly. */
export const moneyFromDecimal = (decimal: string): Money => fromMinor(toMinor(decimal));

export const addMoney = (...amounts: Money[]): Money => fromMinor(amounts.reduce((sum, a) => sum + toMinor(a), 0n));
export const subtractMoney = (a: Money, b: Money): Money => fromMinor(toMinor(a) - toMinor(b));
export const absMoney = (a: Money): Money => fromMinor(toMinor(a) < 0n ? -toMinor(a) : toMinor(a));
export const compareMoney = (a: Money, b: Money): -1 | 0 | 1 => {
  const d = toMinor(a) - toMinor(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
