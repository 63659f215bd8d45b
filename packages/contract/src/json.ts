import { isSafeNumber, parse, type LosslessNumber } from 'lossless-json';

const BIGINT_MARK = '\u0000bigint:';
const BIGINT_MARK_PATTERN = /"\\u0000bigint:(-?\d+)"/g;

/** JSON.stringify that writes `bigint` values as plain JSON integers (64-bit ids). */
export const stringifyJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(
    BIGINT_MARK_PATTERN,
    '$1',
  );

const INTEGER_TEXT = /^-?\d+$/;

const toNumberOrBigint = (text: string): number | bigint => {
  if (isSafeNumber(text)) return Number(text);
  if (INTEGER_TEXT.test(text)) return BigInt(text);
  return Number(text);
};

/** What JSON.parse hands a reviver beside a primitive where the engine gives its source text. */
interface ReviverContext {
  source?: string;
}

/**
 * JSON.parse's reviver for 64-bit ids: an integer JSON.parse could not hold exactly comes back as `bigint`
 * from its source text; every other value as JSON.parse read it (the same values as lossless-json's).
 */
export const reviveBigint = (_key: string, value: unknown, context?: ReviverContext): unknown =>
  typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && INTEGER_TEXT.test(context.source)
    ? BigInt(context.source)
    : value;

// Browsers give a reviver the source text (Chromium 114, Firefox 135, Safari 18.4); Node 20 does not.
const sourceTextAccess = ((): boolean => {
  let seen = false;
  JSON.parse('1', (_key, value: unknown, context?: ReviverContext) => {
    seen = context?.source === '1';
    return value;
  });
  return seen;
})();

/**
 * Lossless JSON.parse: integers beyond 2^53 come back as `bigint`, everything else as usual. Where the engine
 * gives revivers the source text, its own parser does it: lossless-json's, written in JavaScript, took 4–5 ms
 * of a signed-in page's main thread per answer (4× that on a throttled phone).
 */
export const parseJson = (text: string): unknown =>
  sourceTextAccess
    ? JSON.parse(text, reviveBigint as (key: string, value: unknown) => unknown)
    : parse(text, null, (value: string | LosslessNumber) => toNumberOrBigint(String(value)));
