import { describe, expect, it } from 'vitest';
import { FEED_START, decodeCursor, encodeCursor } from './cursor';

describe('the feed cursor', () => {
  it.each([
    { transactionId: 0n, seq: 0n },
    { transactionId: 731n, seq: 12n },
    { transactionId: 9223372036854775807n, seq: 9223372036854775807n },
  ])('decodes what it encodes: %o', (position) => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('is opaque: no digits of the position show', () => {
    expect(encodeCursor({ transactionId: 731n, seq: 12n })).not.toContain('731');
  });

  it.each([
    ['not base64 of a position', 'abc'],
    ['a position with a third part', Buffer.from('1:2:3').toString('base64url')],
    ['a negative seq', Buffer.from('1:-2').toString('base64url')],
    ['beyond 64 bits', Buffer.from('9223372036854775808:1').toString('base64url')],
    ['leading zeros, another spelling of a position', Buffer.from('01:2').toString('base64url').replace(/=+$/, '')],
    ['padding added', `${encodeCursor({ transactionId: 1n, seq: 2n })}=`],
  ])('refuses %s', (_what, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });

  it('starts before every event', () => {
    expect(FEED_START).toEqual({ transactionId: 0n, seq: 0n });
  });
});
