/**
 * How a payment is spread over a customer's receivables. Pure functions over rows the caller has
 * locked, in exact minor units.
 */

export interface OpenReceivable {
  id: bigint;
  dueDate: string;
  /** amount − committed (Successful and InProgress assignments). */
  openMinor: bigint;
}

export interface Assignment {
  receivableId: bigint;
  amountMinor: bigint;
}

export type AllocationResult =
  | { ok: true; assignments: Assignment[] }
  | { ok: false; reason: 'more_than_owing' | 'unknown_receivable' | 'duplicate_receivable' | 'sum_mismatch'; receivableId?: bigint };

/** Oldest due date first, then lowest id: the order debts are settled in. */
export const byAge = (a: OpenReceivable, b: OpenReceivable): number =>
  a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Assigns `amountMinor` to the oldest open receivables first. Refuses more than the total open
 * amount: the ledger keeps no unapplied credit, so an overpayment has nowhere to go.
 */
export const allocateOldestFirst = (receivables: readonly OpenReceivable[], amountMinor: bigint): AllocationResult => {
  const assignments: Assignment[] = [];
  let remaining = amountMinor;
  for (const receivable of [...receivables].sort(byAge)) {
    if (remaining === 0n) break;
    if (receivable.openMinor <= 0n) continue;
    const take = receivable.openMinor < remaining ? receivable.openMinor : remaining;
    assignments.push({ receivableId: receivable.id, amountMinor: take });
    remaining -= take;
  }
  return remaining === 0n ? { ok: true, assignments } : { ok: false, reason: 'more_than_owing' };
};

/**
 * Checks assignments the client chose: each receivable must be the account's (`receivables` holds
 * only those), appear once, receive no more than it has open, and together they make the payment.
 */
export const checkExplicitAssignments = (
  receivables: readonly OpenReceivable[],
  requested: readonly Assignment[],
  paymentMinor: bigint,
): AllocationResult => {
  const byId = new Map(receivables.map((r) => [r.id, r]));
  const seen = new Set<bigint>();
  let total = 0n;
  for (const assignment of requested) {
    const receivable = byId.get(assignment.receivableId);
    if (!receivable) return { ok: false, reason: 'unknown_receivable', receivableId: assignment.receivableId };
    if (seen.has(assignment.receivableId)) return { ok: false, reason: 'duplicate_receivable', receivableId: assignment.receivableId };
    seen.add(assignment.receivableId);
    if (assignment.amountMinor > receivable.openMinor) return { ok: false, reason: 'more_than_owing', receivableId: assignment.receivableId };
    total += assignment.amountMinor;
  }
  if (total !== paymentMinor) return { ok: false, reason: 'sum_mismatch' };
  return { ok: true, assignments: [...requested] };
};
