/**
 * Charge disputes. A customer disputes a charge line or a call record of a posted
 * invoice within the terms' window; staff take it (Under review) and resolve it with a credit note or
 * reject it. Every change is audited and notified to the account in the transaction that makes it.
 */
import {
  canMoveDispute,
  minorToDecimal,
  toMinor,
  type Dispute,
  type DisputeResolution,
  type DisputeToCreate,
  type DisputeStatus,
  type Paged,
  type PagedQuery,
} from '@portal/contract';
import { conflict, invalidFields, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { lockAccount } from '../../lib/account-lock';
import { recordAudit } from '../../lib/audit';
import { idText, optionalIdText, recordTypedEvent } from '../../lib/event-data';
import { actorOfCaller } from '../../lib/events';
import { findBillTo } from '../invoices';
import { notifyAccount } from '../notifications';
import { creditableCents, creditLeftCents, disputableCents, DISPUTE_MESSAGES, taxFollowingCents, type DisputeBounds } from './rules';
import { presentDispute } from './presenter';
import {
  disputeBounds,
  findDispute,
  findLine,
  insertCreditNote,
  insertDispute,
  invoiceTaxes,
  listVisibleDisputes,
  lockDispute,
  openOnInvoice,
  updateDispute,
  type DisputedLine,
} from './repository';
import { disputeWindow } from './window';


const lineOf = (body: { chargeId?: bigint | undefined; cdrId?: bigint | undefined }): DisputedLine =>
  body.chargeId !== undefined ? { chargeId: body.chargeId } : { cdrId: body.cdrId! };

const requireDispute = async (deps: Pick<Deps, 'db'>, caller: Caller, id: bigint): Promise<Dispute> => {
  const row = await findDispute(deps.db, caller, id);
  if (!row) throw notFound('The dispute');
  return presentDispute(row);
};

const notifyStatus = (
  deps: Pick<Deps, 'outbox'>,
  tx: Deps['db'],
  dispute: { id: bigint; accountId: bigint; invoiceId: bigint; invoiceNumber: string; amount: string; currency: string },
  status: DisputeStatus,
  at: Date,
  creditedAmount?: string,
) =>
  notifyAccount(
    { db: tx, outbox: deps.outbox },
    {
      accountId: dispute.accountId,
      event: 'dispute_status_changed',
      data: {
        disputeId: String(dispute.id),
        status,
        invoiceId: String(dispute.invoiceId),
        invoiceNumber: dispute.invoiceNumber,
        amount: dispute.amount,
        currency: dispute.currency.trim(),
        ...(creditedAmount === undefined ? {} : { creditedAmount }),
      },
      at,
    },
  );

/** The account of the disputed line when the caller sees it (what a new dispute writes to). */
export const accountOfDisputedLine = async (deps: Pick<Deps, 'db'>, caller: Caller, body: DisputeToCreate): Promise<bigint | undefined> =>
  (await findLine(deps.db, caller, lineOf(body)))?.accountId;

export const createDispute = async (deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, caller: Caller, body: DisputeToCreate): Promise<Dispute> => {
  const line = lineOf(body);
  const found = await findLine(deps.db, caller, line);
  const what = line.chargeId !== undefined ? 'The charge' : 'The call record';
  // Draft and Void invoices never leave the server: their lines answer like unknown ones.
  if (!found || found.invoiceState === 'Void' || (found.invoiceState === 'Draft' && line.chargeId !== undefined)) throw notFound(what);
  if (found.invoiceState === 'Draft' || !found.postedDate) throw conflict(DISPUTE_MESSAGES.unbilled);
  if (found.category === 'Tax') throw invalidFields(DISPUTE_MESSAGES.taxLine, { chargeId: DISPUTE_MESSAGES.taxLine });
  const now = deps.clock.now();
  const billTo = await findBillTo(deps.db, found.accountId, null, now);
  if (!billTo) throw notFound(what);
  const window = disputeWindow(found.postedDate, billTo.timeZone, now);
  if (!window.open) throw conflict(DISPUTE_MESSAGES.windowClosed(window.billingDay, window.closesOn));

  const amountMinor = toMinor(body.amount);
  const id = await deps.db.transaction(async (tx) => {
    // The account's lock serialises disputes of its lines and records, so two at once cannot both claim the last of a line.
    await lockAccount(tx, found.accountId);
    const maximum = disputableCents(await disputeBounds(tx, line));
    if (amountMinor > maximum) throw invalidFields(DISPUTE_MESSAGES.aboveLine(minorToDecimal(maximum)), { amount: DISPUTE_MESSAGES.aboveLine(minorToDecimal(maximum)) });
    const amount = minorToDecimal(amountMinor);
    const disputeId = await insertDispute(tx, {
      accountId: found.accountId,
      invoiceId: found.invoiceId,
      line,
      reason: body.reason,
      details: body.details,
      amount,
      currency: found.currency,
      userId: caller.userId,
      now,
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: found.accountId,
      action: 'dispute.opened',
      entity: 'dispute',
      entityId: disputeId,
      details: { invoiceId: found.invoiceId, ...line, amount, reason: body.reason, byStaff: caller.isStaff },
    });
    await recordTypedEvent(tx, {
      type: 'dispute.opened',
      accountId: found.accountId,
      actor: actorOfCaller(caller),
      data: {
        disputeId: idText(disputeId),
        invoiceId: idText(found.invoiceId),
        chargeId: optionalIdText(line.chargeId),
        cdrId: optionalIdText(line.cdrId),
        amount,
        currency: found.currency,
        reason: body.reason,
      },
      at: now,
    });
    await notifyStatus(deps, tx, { id: disputeId, accountId: found.accountId, invoiceId: found.invoiceId, invoiceNumber: found.invoiceNumber, amount, currency: found.currency }, 'Open', now);
    return disputeId;
  });
  return requireDispute(deps, caller, id);
};

export const listDisputes = async (deps: Pick<Deps, 'db'>, caller: Caller, query: PagedQuery): Promise<Paged<Dispute>> => {
  const page = await listVisibleDisputes(deps.db, caller, query);
  return { value: page.rows.map(presentDispute), ...(page.count === undefined ? {} : { count: page.count }) };
};

/** Moves a locked dispute to `to`, or 409 when its status does not allow it. */
const lockForMove = async (tx: Deps['db'], id: bigint, to: DisputeStatus) => {
  const dispute = await lockDispute(tx, id);
  if (!dispute) throw notFound('The dispute');
  if (!canMoveDispute(dispute.status, to)) throw conflict(DISPUTE_MESSAGES.cannotMove(dispute.status, to));
  return dispute;
};

/** Staff take an Open dispute: Under review, by them. */
export const reviewDispute = async (deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, caller: Caller, id: bigint): Promise<Dispute> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const dispute = await lockForMove(tx, id, 'UnderReview');
    await updateDispute(tx, id, { status: 'UnderReview', reviewedByUserId: caller.userId, reviewedAt: now });
    await recordAudit(tx, { actorUserId: caller.userId, accountId: dispute.accountId, action: 'dispute.reviewed', entity: 'dispute', entityId: id });
    await notifyStatus(deps, tx, dispute, 'UnderReview', now);
  });
  return requireDispute(deps, caller, id);
};

/** Why a credit above `creditableCents` is refused: the first bound it passes, in the order staff think of them. */
const creditRefusal = (credit: bigint, bounds: DisputeBounds, disputed: string, open: string): string => {
  if (credit > toMinor(disputed)) return DISPUTE_MESSAGES.creditAboveDisputed(disputed);
  const lineLeft = creditLeftCents(bounds);
  if (credit > lineLeft) return DISPUTE_MESSAGES.creditAboveLine(minorToDecimal(lineLeft));
  return DISPUTE_MESSAGES.creditAboveOwing(minorToDecimal(toMinor(open) < 0n ? 0n : toMinor(open)));
};

/**
 * Staff resolve a dispute under review: Resolved with a credit note of the credited amount (at most the
 * disputed amount, what the invoice still has open, so owing never goes below zero, and what the line and
 * its records have not been credited yet), or Rejected.
 */
export const resolveDispute = async (deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, caller: Caller, id: bigint, body: DisputeResolution): Promise<Dispute> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const peek = await findDispute(tx, caller, id);
    if (!peek) throw notFound('The dispute');
    // The account first, as payments lock it: credits and payments take what is open in turn.
    await lockAccount(tx, peek.accountId);
    const dispute = await lockForMove(tx, id, body.outcome);
    if (body.outcome === 'Rejected') {
      await updateDispute(tx, id, { status: 'Rejected', resolvedByUserId: caller.userId, resolvedAt: now, rejectionReason: body.rejectionReason });
      await recordAudit(tx, { actorUserId: caller.userId, accountId: dispute.accountId, action: 'dispute.rejected', entity: 'dispute', entityId: id, details: { rejectionReason: body.rejectionReason } });
      await recordTypedEvent(tx, {
        type: 'dispute.resolved',
        accountId: dispute.accountId,
        actor: actorOfCaller(caller),
        data: { disputeId: idText(id), invoiceId: idText(dispute.invoiceId), outcome: 'Rejected', creditedAmount: null, creditNoteId: null, rejectionReason: body.rejectionReason },
        at: now,
      });
      await notifyStatus(deps, tx, dispute, 'Rejected', now);
      return;
    }
    const credit = toMinor(body.creditedAmount);
    const receivable = await openOnInvoice(tx, dispute.invoiceId);
    if (!receivable) throw new Error(`Posted invoice ${dispute.invoiceId} of dispute ${id} has no receivable`);
    const bounds = await disputeBounds(tx, lineOf({ chargeId: dispute.chargeId ?? undefined, cdrId: dispute.cdrId ?? undefined }));
    if (credit > creditableCents(bounds, dispute.amount, receivable.open)) {
      const message = creditRefusal(credit, bounds, dispute.amount, receivable.open);
      throw invalidFields(message, { creditedAmount: message });
    }
    // Taxes follow the charges they are on: the credit note gives back the credit's share of them too.
    const tax = taxFollowingCents(credit, await invoiceTaxes(tx, dispute.invoiceId));
    if (tax > 0n && credit + tax > toMinor(receivable.open)) {
      const message = DISPUTE_MESSAGES.creditAndTaxAboveOwing(minorToDecimal(toMinor(receivable.open)), minorToDecimal(tax));
      throw invalidFields(message, { creditedAmount: message });
    }
    const creditedAmount = minorToDecimal(credit);
    const creditNoteAmount = minorToDecimal(credit + tax);
    const creditNoteId = await insertCreditNote(tx, {
      accountId: dispute.accountId,
      invoiceId: dispute.invoiceId,
      receivableId: receivable.receivableId,
      disputeId: id,
      amount: creditNoteAmount,
      currency: dispute.currency,
      description: `Credit for dispute ${id}`,
      userId: caller.userId,
      now,
    });
    await updateDispute(tx, id, { status: 'Resolved', resolvedByUserId: caller.userId, resolvedAt: now, creditedAmount });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: dispute.accountId,
      action: 'dispute.resolved',
      entity: 'dispute',
      entityId: id,
      details: { creditedAmount, creditedTax: minorToDecimal(tax), creditNoteId, invoiceId: dispute.invoiceId },
    });
    await recordTypedEvent(tx, {
      type: 'dispute.resolved',
      accountId: dispute.accountId,
      actor: actorOfCaller(caller),
      data: { disputeId: idText(id), invoiceId: idText(dispute.invoiceId), outcome: 'Resolved', creditedAmount, creditNoteId: idText(creditNoteId), rejectionReason: null },
      at: now,
    });
    await notifyStatus(deps, tx, dispute, 'Resolved', now, creditNoteAmount);
  });
  return requireDispute(deps, caller, id);
};
