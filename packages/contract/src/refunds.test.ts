import { describe, expect, it } from 'vitest';
import { refundableMinor, RefundRequestSchema, type RefundStatus } from './refunds';

describe('refundableMinor', () => {
  const refund = (status: RefundStatus, amountMinor: bigint) => ({ status, amountMinor });
  it.each([
    { name: 'no refunds', payment: 10_000n, refunds: [], left: 10_000n },
    { name: 'a partial refund', payment: 10_000n, refunds: [refund('Succeeded', 2_500n)], left: 7_500n },
    { name: 'a pending one is already promised', payment: 10_000n, refunds: [refund('Pending', 4_000n), refund('Succeeded', 1_000n)], left: 5_000n },
    { name: 'a failed one gives nothing back', payment: 10_000n, refunds: [refund('Failed', 9_000n)], left: 10_000n },
    { name: 'refunded in full', payment: 10_000n, refunds: [refund('Succeeded', 6_000n), refund('Succeeded', 4_000n)], left: 0n },
  ])('$name', ({ payment, refunds, left }) => {
    expect(refundableMinor(payment, refunds)).toBe(left);
  });
});

describe('RefundRequestSchema', () => {
  it.each([
    { body: { amount: 12.5, reason: 'Billed twice' }, ok: true },
    { body: { amount: 0, reason: 'Billed twice' }, ok: false },
    { body: { amount: -1, reason: 'Billed twice' }, ok: false },
    { body: { amount: 1.005, reason: 'Billed twice' }, ok: false },
    { body: { amount: 5, reason: '   ' }, ok: false },
    { body: { amount: 5, reason: 'x'.repeat(501) }, ok: false },
    { body: { amount: 5, reason: 'ok', extra: true }, ok: false },
  ])('$body → $ok', ({ body, ok }) => {
    expect(RefundRequestSchema.safeParse(body).success).toBe(ok);
  });
});
