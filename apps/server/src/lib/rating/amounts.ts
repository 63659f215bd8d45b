/**
 * Exact money for the generator. Amounts are integers: cents for `numeric(14,2)` columns and
 * ten-thousandths for per-minute rates and CDR amounts (`numeric(12,4)`). Only integer operations
 * whose results are exact are used (+, −, ×, and division after removing the remainder); rates are
 * applied in bigint. Amounts stay far below 2^53, which `assertSafe` guards.
 */

/** Ten-thousandths per cent. */
const TTH_PER_CENT = 100;

const assertSafe = (value: number, what: string): number => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return value;
};

/** Exact integer division of a non-negative integer by a positive one, rounded half up. */
const divideHalfUp = (numerator: number, divisor: number): number => {
  const shifted = numerator + Math.floor(divisor / 2);
  return (shifted - (shifted % divisor)) / divisor;
};

/** Decimal text of an integer with `places` decimals, e.g. (-1234, 2) → '-12.34'. */
const formatFixed = (value: number, places: number, unit: number): string => {
  assertSafe(value, 'amount');
  const abs = Math.abs(value);
  const fraction = abs % unit;
  const whole = (abs - fraction) / unit;
  const text = `${whole}.${String(fraction).padStart(places, '0')}`;
  return value < 0 ? `-${text}` : text;
};

export const formatCents = (cents: number): string => formatFixed(cents, 2, 100);
export const formatTenThousandths = (value: number): string => formatFixed(value, 4, 10_000);

/** Ten-thousandths rounded half away from zero to cents, as a bill rounds a line. */
export const tenThousandthsToCents = (value: number): number => {
  assertSafe(value, 'amount');
  const cents = divideHalfUp(Math.abs(value), TTH_PER_CENT);
  return value < 0 && cents !== 0 ? -cents : cents;
};

/** Parts per million (so 9.975 % is exact: 99_750). */
export const PPM = 1_000_000;

/** `cents × ratePpm / 1e6`, rounded half away from zero (how Canadian sales taxes round). */
export const applyRate = (cents: number, ratePpm: number): number => {
  assertSafe(cents, 'amount');
  assertSafe(ratePpm, 'rate');
  const abs = BigInt(Math.abs(cents)) * BigInt(ratePpm);
  const rounded = (abs + BigInt(PPM / 2)) / BigInt(PPM);
  const result = Number(rounded);
  return cents < 0 && result !== 0 ? -result : result;
};

/** '13', '9.975': a rate for a line description. */
export const formatPercent = (ratePpm: number, decimalSeparator = '.'): string => {
  const fraction = ratePpm % 10_000;
  const whole = (ratePpm - fraction) / 10_000;
  if (fraction === 0) return String(whole);
  return `${whole}${decimalSeparator}${String(fraction).padStart(4, '0').replace(/0+$/, '')}`;
};

/** Ten-thousandths of a decimal text with at most 4 decimals ('12.34' → 123400, '-0.0001' → -1), as numeric columns print. */
export const tenThousandthsOf = (text: string): number => {
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not an amount with at most 4 decimals: ${text}`);
  const value = Number(match[2]) * 10_000 + Number((match[3] ?? '').padEnd(4, '0'));
  return assertSafe(match[1] ? -value : value, 'amount');
};
