/**
 * How a payment or a credit is spread over a customer's receivables. Pure functions over rows the
 * caller has locked, in exact minor units.
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
 * Assigns what it can of `amountMinor` to the oldest open receivables first; `unassignedMinor` is what
 * was more than they had open (a credit keeps it as the account's unapplied credit).
 */
export const allocateUpTo = (
  receivables: readonly OpenReceivable[],
  amountMinor: bigint,
): { assignments: Assignment[]; unassignedMinor: bigint } => {
  const assignments: Assignment[] = [];
  let remaining = amountMinor;
  for (const receivable of [...receivables].sort(byAge)) {
    if (remaining === 0n) break;
    if (receivable.openMinor <= 0n) continue;
    const take = receivable.openMinor < remaining ? receivable.openMinor : remaining;
    assignments.push({ receivableId: receivable.id, amountMinor: take });
    remaining -= take;
  }
  return { assignments, unassignedMinor: remaining };
};

/**
 * Assigns `amountMinor` to the oldest open receivables first. Refuses more than the total open
 * amount: a payment is never held as credit, so an overpayment has nowhere to go.
 */
export const allocateOldestFirst = (receivables: readonly OpenReceivable[], amountMinor: bigint): AllocationResult => {
  const { assignments, unassignedMinor } = allocateUpTo(receivables, amountMinor);
  return unassignedMinor === 0n ? { ok: true, assignments } : { ok: false, reason: 'more_than_owing' };
};

/** An account's credit not yet applied to any invoice: `unappliedMinor` of credit `creditId`. */
export interface UnappliedCredit {
  creditId: bigint;
  unappliedMinor: bigint;
}

/**
 * Applies unapplied credits, oldest first (the caller's order), to the open receivables, each credit
 * oldest receivable first as `allocateUpTo` does; what stays open is what later invoices will take.
 */
export const applyUnappliedCredits = (
  credits: readonly UnappliedCredit[],
  receivables: readonly OpenReceivable[],
): (Assignment & { creditId: bigint })[] => {
  const open = receivables.map((r) => ({ ...r }));
  const applied: (Assignment & { creditId: bigint })[] = [];
  for (const credit of credits) {
    const { assignments } = allocateUpTo(open, credit.unappliedMinor);
    for (const assignment of assignments) {
      applied.push({ ...assignment, creditId: credit.creditId });
      const receivable = open.find((r) => r.id === assignment.receivableId)!;
      receivable.openMinor -= assignment.amountMinor;
    }
  }
  return applied;
};

/**
 * The part of a credit's notes written when it was issued: its notes in the order written (later ones
 * are its unapplied rest applied to invoices posted since), up to what it applied on issue.
 */
export const notesOnIssue = <Note extends { amountMinor: bigint }>(notes: readonly Note[], appliedOnIssueMinor: bigint): Note[] => {
  const onIssue: Note[] = [];
  let left = appliedOnIssueMinor;
  for (const note of notes) {
    if (left <= 0n) break;
    onIssue.push(note);
    left -= note.amountMinor;
  }
  return onIssue;
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

/** What a payment still holds on one receivable it paid: its assignment less refunds not failed. */
export interface HeldReceivable {
  receivableId: bigint;
  dueDate: string;
  heldMinor: bigint;
}

/**
 * Which receivables a refund of `amountMinor` reopens (docs/decisions/0036-refunds-and-pay-all.md): the
 * newest its payment paid first, the reverse of the order payments settle debts in, so what the payment
 * keeps still pays the oldest. What is more than the payment holds on receivables reopens nothing (the
 * caller bounds a refund by what the payment holds).
 */
export const reopenOnRefund = (held: readonly HeldReceivable[], amountMinor: bigint): Assignment[] => {
  const age = (h: HeldReceivable): OpenReceivable => ({ id: h.receivableId, dueDate: h.dueDate, openMinor: h.heldMinor });
  const reopened: Assignment[] = [];
  let remaining = amountMinor;
  for (const receivable of [...held].sort((a, b) => byAge(age(b), age(a)))) {
    if (remaining === 0n) break;
    if (receivable.heldMinor <= 0n) continue;
    const take = receivable.heldMinor < remaining ? receivable.heldMinor : remaining;
    reopened.push({ receivableId: receivable.receivableId, amountMinor: take });
    remaining -= take;
  }
  return reopened;
};
