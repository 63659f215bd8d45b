import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateOldestFirst, checkExplicitAssignments, type OpenReceivable } from './allocation';

const r = (id: number, dueDate: string, openMinor: number): OpenReceivable => ({ id: BigInt(id), dueDate, openMinor: BigInt(openMinor) });
const a = (receivableId: number, amountMinor: number) => ({ receivableId: BigInt(receivableId), amountMinor: BigInt(amountMinor) });

describe('allocateOldestFirst', () => {
  const open = [r(3, '2025-03-01', 5000), r(1, '2025-01-01', 10000), r(2, '2025-01-01', 2500), r(4, '2025-04-01', 0)];

  it.each([
    ['part of the oldest', 4000, [a(1, 4000)]],
    ['exactly the oldest', 10000, [a(1, 10000)]],
    ['same due date: lower id first', 11000, [a(1, 10000), a(2, 1000)]],
    ['across several, oldest first', 16000, [a(1, 10000), a(2, 2500), a(3, 3500)]],
    ['everything open', 17500, [a(1, 10000), a(2, 2500), a(3, 5000)]],
  ])('%s', (_name, amount, assignments) => {
    expect(allocateOldestFirst(open, BigInt(amount))).toEqual({ ok: true, assignments });
  });

  it.each([
    ['one cent more than open', open, 17501],
    ['nothing open at all', [], 1],
    ['only fully paid receivables', [r(9, '2025-01-01', 0)], 100],
  ])('refuses %s', (_name, receivables, amount) => {
    expect(allocateOldestFirst(receivables, BigInt(amount))).toEqual({ ok: false, reason: 'more_than_owing' });
  });

  it('never assigns more than open, and always the whole amount when it fits', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1e6 }), day: fc.integer({ min: 1, max: 28 }), open: fc.integer({ min: 0, max: 1e6 }) }), {
          maxLength: 8,
          selector: (x) => x.id,
        }),
        fc.integer({ min: 1, max: 5e6 }),
        (rows, amount) => {
          const receivables = rows.map((x) => r(x.id, `2025-01-${String(x.day).padStart(2, '0')}`, x.open));
          const total = receivables.reduce((s, x) => s + x.openMinor, 0n);
          const result = allocateOldestFirst(receivables, BigInt(amount));
          if (BigInt(amount) > total) return !result.ok;
          if (!result.ok) return false;
          const sum = result.assignments.reduce((s, x) => s + x.amountMinor, 0n);
          const fits = result.assignments.every((x) => x.amountMinor > 0n && x.amountMinor <= receivables.find((y) => y.id === x.receivableId)!.openMinor);
          return sum === BigInt(amount) && fits;
        },
      ),
    );
  });
});

describe('checkExplicitAssignments', () => {
  const open = [r(1, '2025-01-01', 10000), r(2, '2025-02-01', 2500)];
  it.each([
    ['one receivable', [a(2, 2500)], 2500, { ok: true, assignments: [a(2, 2500)] }],
    ['two receivables', [a(1, 100), a(2, 200)], 300, { ok: true, assignments: [a(1, 100), a(2, 200)] }],
    ['another account’s receivable', [a(7, 100)], 100, { ok: false, reason: 'unknown_receivable', receivableId: 7n }],
    ['a receivable twice', [a(1, 100), a(1, 100)], 200, { ok: false, reason: 'duplicate_receivable', receivableId: 1n }],
    ['more than it has open', [a(2, 2501)], 2501, { ok: false, reason: 'more_than_owing', receivableId: 2n }],
    ['a sum other than the payment', [a(1, 100)], 200, { ok: false, reason: 'sum_mismatch' }],
  ])('%s', (_name, requested, payment, result) => {
    expect(checkExplicitAssignments(open, requested, BigInt(payment))).toEqual(result);
  });
});
