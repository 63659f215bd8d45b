import { describe, expect, it } from 'vitest';
import {
  canMoveDispute,
  CreateDisputeSchema,
  DISPUTE_STATUSES,
  disputeWindowClosesOn,
  isDisputeWindowOpen,
  ResolveDisputeSchema,
  type DisputeStatus,
} from './disputes';

describe('the terms’ 30-day window on the account’s calendar', () => {
  it.each([
    ['2026-10-31', '2026-11-30', '2026-11-30', true],
    ['2026-10-31', '2026-12-01', '2026-11-30', false],
    ['2026-10-31', '2026-10-31', '2026-11-30', true],
    ['2026-10-31', '2026-10-30', '2026-11-30', true],
    ['2028-02-01', '2028-03-02', '2028-03-02', true], // leap year: Feb has 29 days
    ['2027-02-01', '2027-03-04', '2027-03-03', false],
    ['2026-12-15', '2027-01-14', '2027-01-14', true], // across a year end
  ])('billed %s, on %s: closes %s, open %s', (billed, today, closes, open) => {
    expect(disputeWindowClosesOn(billed)).toBe(closes);
    expect(isDisputeWindowOpen(billed, today)).toBe(open);
  });
});

describe('canMoveDispute: Open → Under review → Resolved or Rejected', () => {
  const allowed = new Set(['Open>UnderReview', 'UnderReview>Resolved', 'UnderReview>Rejected']);
  const pairs = DISPUTE_STATUSES.flatMap((from) => DISPUTE_STATUSES.map((to) => [from, to] as [DisputeStatus, DisputeStatus]));
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canMoveDispute(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});

describe('CreateDisputeSchema', () => {
  it('takes one line (a charge or a call record), a listed reason and an amount above zero', () => {
    expect(CreateDisputeSchema.parse({ chargeId: '12', reason: 'WrongAmount', amount: '12.50', details: '  why  ' })).toEqual({
      chargeId: 12n,
      reason: 'WrongAmount',
      amount: 12.5,
      details: 'why',
    });
    expect(CreateDisputeSchema.parse({ cdrId: 7, reason: 'Other', amount: 1 })).toMatchObject({ cdrId: 7n, details: '' });
  });
  it.each([
    [{ reason: 'Other', amount: 1 }, 'Name either the charge line (chargeId) or the call record (cdrId) disputed'],
    [{ chargeId: 1, cdrId: 2, reason: 'Other', amount: 1 }, 'Name either the charge line (chargeId) or the call record (cdrId) disputed'],
    [{ chargeId: 1, reason: 'Because', amount: 1 }, 'Choose a reason'],
    [{ chargeId: 1, reason: 'Other', amount: 0 }, 'Enter an amount greater than zero'],
    [{ chargeId: 1, reason: 'Other', amount: -3 }, 'Enter an amount greater than zero'],
  ])('refuses %j: %s', (body, message) => {
    const result = CreateDisputeSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });
});

describe('ResolveDisputeSchema', () => {
  it('is Resolved with a credit above zero, or Rejected with a reason', () => {
    expect(ResolveDisputeSchema.parse({ outcome: 'Resolved', creditedAmount: '3.10' })).toEqual({ outcome: 'Resolved', creditedAmount: 3.1 });
    expect(ResolveDisputeSchema.parse({ outcome: 'Rejected', rejectionReason: ' As agreed. ' })).toEqual({ outcome: 'Rejected', rejectionReason: 'As agreed.' });
    expect(ResolveDisputeSchema.safeParse({ outcome: 'Resolved', creditedAmount: 0 }).success).toBe(false);
    expect(ResolveDisputeSchema.safeParse({ outcome: 'Rejected', rejectionReason: '   ' }).success).toBe(false);
    expect(ResolveDisputeSchema.safeParse({ outcome: 'Credited', creditedAmount: 1 }).success).toBe(false);
    expect(ResolveDisputeSchema.safeParse({ outcome: 'Resolved', creditedAmount: 1, rejectionReason: 'mixed up' }).success).toBe(false);
  });
});
