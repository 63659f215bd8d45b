/**
 * The feed's cursor: the (transaction id, seq) of the last event a page answered, opaque to the provider
 * (base64url of "transaction:seq") so the order's makeup can change without breaking a saved cursor's meaning.
 */
export interface FeedPosition {
  transactionId: bigint;
  seq: bigint;
}

/** Before every event: where a reader without a cursor starts. */
export const FEED_START: FeedPosition = { transactionId: 0n, seq: 0n };

export const encodeCursor = (position: FeedPosition): string => Buffer.from(`${position.transactionId}:${position.seq}`).toString('base64url');

const MAX_BIGINT = 9223372036854775807n;

/** The position a cursor names, or null for a string the feed never answered. */
export const decodeCursor = (cursor: string): FeedPosition | null => {
  const match = /^(\d{1,19}):(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return null;
  const transactionId = BigInt(match[1]!);
  const seq = BigInt(match[2]!);
  if (transactionId > MAX_BIGINT || seq > MAX_BIGINT) return null;
  // Exactly one spelling per position: a cursor that only decodes to one is not one the feed answered.
  return encodeCursor({ transactionId, seq }) === cursor ? { transactionId, seq } : null;
};
