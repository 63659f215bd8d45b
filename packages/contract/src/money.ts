import type { Money } from './primitives';

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
