import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateOldestFirst, allocateUpTo, applyUnappliedCredits, checkExplicitAssignments, notesOnIssue, reopenOnRefund, type OpenReceivable } from './allocation';

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

describe('allocateUpTo', () => {
  it.each([
    ['all of it on the oldest first', [r(1, '2025-02-21', 4000), r(2, '2025-01-21', 3000)], 3500, [[2, 3000], [1, 500]], 0],
    ['what is open, the rest unassigned', [r(1, '2025-01-21', 3000)], 5000, [[1, 3000]], 2000],
    ['nothing when nothing is open', [r(1, '2025-01-21', 0)], 5000, [], 5000],
    ['nothing to no receivables', [], 100, [], 100],
  ])('assigns %s', (_name, receivables, amount, expected, unassigned) => {
    const result = allocateUpTo(receivables, BigInt(amount));
    expect(result.assignments.map((a) => [Number(a.receivableId), Number(a.amountMinor)])).toEqual(expected);
    expect(result.unassignedMinor).toBe(BigInt(unassigned));
  });
});

describe('applyUnappliedCredits', () => {
  const credit = (id: number, unappliedMinor: number) => ({ creditId: BigInt(id), unappliedMinor: BigInt(unappliedMinor) });
  it.each([
    ['a credit of 20 to a new invoice of 100', [credit(7, 2000)], [r(1, '2025-04-21', 10000)], [[7, 1, 2000]]],
    [
      'the oldest credit first, each over the oldest receivable first',
      [credit(7, 3000), credit(8, 5000)],
      [r(2, '2025-05-21', 10000), r(1, '2025-04-21', 4000)],
      [[7, 1, 3000], [8, 1, 1000], [8, 2, 4000]],
    ],
    ['no more than is open, the rest kept', [credit(7, 5000)], [r(1, '2025-04-21', 1000)], [[7, 1, 1000]]],
    ['nothing when nothing is open', [credit(7, 5000)], [], []],
  ])('applies %s', (_name, credits, receivables, expected) => {
    expect(applyUnappliedCredits(credits, receivables).map((a) => [Number(a.creditId), Number(a.receivableId), Number(a.amountMinor)])).toEqual(
      expected,
    );
  });

  it('never gives a receivable more than it has open, nor a credit more than it has', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 5 }),
        (creditAmounts, openAmounts) => {
          const credits = creditAmounts.map((amount, i) => credit(i + 1, amount));
          const receivables = openAmounts.map((open, i) => r(i + 1, `2025-0${i + 1}-21`, open));
          const applied = applyUnappliedCredits(credits, receivables);
          const sumBy = (key: 'creditId' | 'receivableId', id: bigint) =>
            applied.filter((a) => a[key] === id).reduce((sum, a) => sum + a.amountMinor, 0n);
          for (const c of credits) expect(sumBy('creditId', c.creditId) <= c.unappliedMinor).toBe(true);
          for (const rec of receivables) expect(sumBy('receivableId', rec.id) <= rec.openMinor).toBe(true);
          const total = applied.reduce((sum, a) => sum + a.amountMinor, 0n);
          const credited = credits.reduce((sum, c) => sum + c.unappliedMinor, 0n);
          const open = receivables.reduce((sum, rec) => sum + rec.openMinor, 0n);
          expect(total).toBe(credited < open ? credited : open);
        },
      ),
    );
  });
});

describe('notesOnIssue', () => {
  const note = (amountMinor: number) => ({ amountMinor: BigInt(amountMinor) });
  it.each([
    ['every note when all was applied on issue', [3000, 500], 3500, 2],
    ['the issue notes, not those written as later invoices took the rest', [3000, 2000], 3000, 1],
    ['none when nothing was open on issue', [2000], 0, 0],
  ])('keeps %s', (_name, amounts, applied, count) => {
    expect(notesOnIssue(amounts.map(note), BigInt(applied))).toHaveLength(count);
  });
});

describe('reopenOnRefund', () => {
  const h = (id: number, dueDate: string, heldMinor: number) => ({ receivableId: BigInt(id), dueDate, heldMinor: BigInt(heldMinor) });
  const paid = [h(1, '2025-01-01', 10000), h(3, '2025-03-01', 5000), h(2, '2025-01-01', 2500)];

  it.each([
    ['part of the newest', paid, 1000, [a(3, 1000)]],
    ['the newest whole', paid, 5000, [a(3, 5000)]],
    ['same due date: higher id first', paid, 6000, [a(3, 5000), a(2, 1000)]],
    ['everything the payment paid', paid, 17500, [a(3, 5000), a(2, 2500), a(1, 10000)]],
    ['past what was refunded before (nothing held on the newest)', [h(1, '2025-01-01', 10000), h(3, '2025-03-01', 0)], 4000, [a(1, 4000)]],
    ['more than held on receivables: the rest reopens nothing', [h(1, '2025-01-01', 3000)], 5000, [a(1, 3000)]],
    ['a payment that paid no receivable', [], 5000, []],
  ])('%s', (_name, held, amount, reopened) => {
    expect(reopenOnRefund(held, BigInt(amount))).toEqual(reopened);
  });

  it('never reopens more than refunded nor more than held on any receivable', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1e6 }), day: fc.integer({ min: 1, max: 28 }), held: fc.integer({ min: 0, max: 1e6 }) }), {
          maxLength: 8,
          selector: (x) => x.id,
        }),
        fc.integer({ min: 1, max: 5e6 }),
        (rows, amount) => {
          const held = rows.map((x) => h(x.id, `2025-01-${String(x.day).padStart(2, '0')}`, x.held));
          const reopened = reopenOnRefund(held, BigInt(amount));
          const total = reopened.reduce((s, x) => s + x.amountMinor, 0n);
          const heldTotal = held.reduce((s, x) => s + x.heldMinor, 0n);
          expect(total).toBe(BigInt(amount) < heldTotal ? BigInt(amount) : heldTotal);
          for (const x of reopened) expect(x.amountMinor).toBeLessThanOrEqual(held.find((y) => y.receivableId === x.receivableId)!.heldMinor);
        },
      ),
    );
  });
});
