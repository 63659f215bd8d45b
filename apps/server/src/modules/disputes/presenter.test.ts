import { describe, expect, it } from 'vitest';
import { presentDispute } from './presenter';
import type { DisputeRow } from './repository';

const row = (fields: Partial<DisputeRow>): DisputeRow => ({
  id: 5n,
  accountId: 1n,
  accountNumber: '100001',
  accountName: 'Pat Lee',
  invoiceId: 2n,
  invoiceNumber: 'INV-2',
  chargeId: null,
  cdrId: 9n,
  lineChargeId: '7',
  lineDescription: 'Call to France',
  lineAmount: '2.4567',
  reason: 'Other',
  details: '',
  amount: '2.45',
  currency: 'CAD',
  status: 'Resolved',
  createdAt: new Date('2026-11-25T12:00:00Z'),
  raisedBy: 'Alex',
  reviewedBy: null,
  reviewedAt: new Date('2026-11-26T12:00:00Z'),
  resolvedBy: 'Taylor',
  resolvedAt: new Date('2026-11-27T12:00:00Z'),
  creditedAmount: '1.00',
  creditedTax: '0.13',
  rejectionReason: null,
  ...fields,
});

describe('presentDispute', () => {
  it.each([
    ['2.4567', 2.46],
    ['2.4549', 2.45],
    ['0.0049', 0],
    ['0.0050', 0.01],
    ['-1.2350', -1.24],
    ['30.00', 30],
  ])('shows a line of %s as %s (a call record’s amount to the cent, half up)', (lineAmount, shown) => {
    expect(presentDispute(row({ lineAmount })).lineAmount).toBe(shown);
  });

  it('names who reviewed and resolved it and when; a reviewer whose account is gone stays nameless', () => {
    expect(presentDispute(row({}))).toMatchObject({
      reviewed: { name: null, at: '2026-11-26T12:00:00.000Z' },
      resolved: { name: 'Taylor', at: '2026-11-27T12:00:00.000Z' },
      creditedAmount: 1,
      creditedTax: 0.13,
      currency: 'CAD',
    });
    expect(presentDispute(row({ reviewedAt: null, resolvedAt: null, creditedAmount: null }))).toMatchObject({ reviewed: null, resolved: null, creditedAmount: null });
  });
});
