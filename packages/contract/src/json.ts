import { isSafeNumber, parse, type LosslessNumber } from 'lossless-json';

const BIGINT_MARK = '\u0000bigint:';
const BIGINT_MARK_PATTERN = /"\\u0000bigint:(-?\d+)"/g;

/** JSON.stringify that writes `bigint` values as plain JSON integers (64-bit ids). */
export const stringifyJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(
    BIGINT_MARK_PATTERN,
    '$1',
  );

const toNumberOrBigint = (text: string): number | bigint => {
  if (isSafeNumber(text)) return Number(text);
  if (/^-?\d+$/.test(text)) return BigInt(text);
  return Number(text);
};

/** Lossless JSON.parse: integers beyond 2^53 come back as `bigint`, everything else as usual. */
export const parseJson = (text: string): unknown =>
  parse(text, null, (value: string | LosslessNumber) => toNumberOrBigint(String(value)));
