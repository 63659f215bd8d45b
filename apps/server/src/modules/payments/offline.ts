/**
 * The provider API's money in: payments taken elsewhere and credits, by the provider's own ids
 * (docs/decisions/0020-offline-payments-and-credits.md). Both go through the card payments' allocation
 * (oldest open receivable first) under the account lock; a payment never above what is open, a
 * credit's rest kept as the account's unapplied credit. Card payments,
 * offline payments, credits and disputes take what is open in turn. Idempotent by external id: the
 * same body again answers 200 with what the first answered and changes nothing; another body is 409.
 */
import {
  OFFLINE_PAYMENT_METHOD_LABELS,
  PROVIDER_PAYMENT_MESSAGES as M,
  minorToDecimal,
  toMinor,
  wrongCurrencyMessage,
  type ProviderCredit,
  type ProviderCreditInput,
  type ProviderPayment,
  type ProviderPaymentInput,
} from '@portal/contract';
import type { ClientCaller } from '../../http/client-caller';
import type { Deps } from '../../http/deps';
import { conflict, invalidFields } from '../../errors';
import { lockAccount, type LockedAccount } from '../../lib/account-lock';
import { recordAudit } from '../../lib/audit';
import { idText, moneyText, recordTypedEvent } from '../../lib/event-data';
import { clientActor } from '../../lib/events';
import { requestHash } from '../../lib/request-hash';
import type { PortalDb } from '../../db/client';
import { notifyAccount } from '../notifications';
import { allocateOldestFirst, allocateUpTo, notesOnIssue, type AllocationResult } from '../../lib/allocation';
import { isUniqueViolation, openReceivables, recordPayment, type PaymentRow } from './repository';
import {
  accountExternalIdOf,
  creditAllocations,
  findAccountIdByExternalId,
  findCreditByExternalId,
  findPaymentByExternalId,
  insertCredit,
  invoiceExternalIdOf,
  paymentAllocations,
  receivablesByInvoiceExternalId,
  type CreditRow,
} from './provider-repository';

const refuse = (field: string, message: string) => invalidFields(message, { [field]: message });

/**
 * Runs `create` unless the external id was used: then the stored object answers when its body's hash is
 * the same, else 409. A concurrent first write of the same id loses on the unique index and is answered
 * the same way.
 */
const idempotent = async <Row extends { requestHash: string | null }, Answer>(
  find: () => Promise<Row | null>,
  hash: string,
  changed: string,
  present: (row: Row) => Promise<Answer>,
  create: () => Promise<Row>,
  uniqueIndex: string,
): Promise<Answer> => {
  const replay = async (row: Row) => {
    if (row.requestHash !== hash) throw conflict(changed);
    return present(row);
  };
  const earlier = await find();
  if (earlier) return replay(earlier);
  try {
    return present(await create());
  } catch (error) {
    const winner = isUniqueViolation(error, uniqueIndex) ? await find() : null;
    if (!winner) throw error;
    return replay(winner);
  }
};

/** The account the body names, locked for the allocation (400 naming the field when no account has the id). */
const lockNamedAccount = async (tx: PortalDb, accountExternalId: string): Promise<LockedAccount> => {
  const accountId = await findAccountIdByExternalId(tx, accountExternalId);
  const account = accountId === null ? null : await lockAccount(tx, accountId);
  if (!account) throw refuse('accountExternalId', M.unknownAccount);
  return account;
};

/** The receivables of the named invoices, each once and of this account (400 naming the entry otherwise). */
const namedReceivables = async (
  tx: PortalDb,
  accountId: bigint,
  pathOf: (index: number) => string,
  externalIds: readonly string[],
) => {
  const found = await receivablesByInvoiceExternalId(tx, accountId, externalIds);
  const seen = new Set<string>();
  return externalIds.map((externalId, index) => {
    const path = pathOf(index);
    if (seen.has(externalId)) throw refuse(path, M.duplicateInvoice);
    seen.add(externalId);
    const named = found.get(externalId);
    if (!named) throw refuse(path, M.unknownInvoice);
    return named;
  });
};

/** The named receivables, or every open one of the account's currency. */
const openOf = (tx: PortalDb, account: LockedAccount, named: { receivableId: bigint }[] | null) =>
  openReceivables(
    tx,
    account.id,
    account.currency,
    named?.map((n) => n.receivableId),
  );

/** Oldest first over the named receivables, or over every open one; never above what they have open. */
const allocate = async (tx: PortalDb, account: LockedAccount, named: { receivableId: bigint }[] | null, amount: string, aboveOwing: string) => {
  const allocation: AllocationResult = allocateOldestFirst(await openOf(tx, account, named), toMinor(amount));
  if (!allocation.ok) throw refuse('amount', aboveOwing);
  return allocation.assignments;
};

const presentPayment = async (db: PortalDb, payment: PaymentRow): Promise<ProviderPayment> => ({
  externalId: payment.externalId!,
  accountExternalId: await accountExternalIdOf(db, payment.accountId),
  amount: minorToDecimal(toMinor(payment.amount)),
  currency: payment.currency as ProviderPayment['currency'],
  receivedAt: payment.date.toISOString(),
  method: payment.method!,
  reference: payment.reference,
  status: payment.status,
  receiptNumber: payment.receiptNumber,
  allocations: await paymentAllocations(db, payment.id),
});

/** POST /p/v1/payments: a Successful payment at once (the money is in), with its receipt and the customer told. */
export const recordOfflinePayment = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  client: ClientCaller,
  input: ProviderPaymentInput,
): Promise<ProviderPayment> => {
  const receivedAt = new Date(input.receivedAt);
  const body = {
    ...input,
    receivedAt: receivedAt.toISOString(),
    reference: input.reference ?? null,
    invoiceExternalIds: input.invoiceExternalIds ?? null,
  };
  const hash = requestHash(body);
  return idempotent(
    () => findPaymentByExternalId(deps.db, input.externalId),
    hash,
    M.paymentChanged,
    (payment) => presentPayment(deps.db, payment),
    () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const account = await lockNamedAccount(tx, input.accountExternalId);
        if (input.currency !== account.currency.trim()) throw refuse('currency', wrongCurrencyMessage(account.currency.trim()));
        if (receivedAt > now) throw refuse('receivedAt', M.receivedInFuture);
        const named =
          body.invoiceExternalIds &&
          (await namedReceivables(tx, account.id, (index) => `invoiceExternalIds.${index}`, body.invoiceExternalIds));
        const assignments = await allocate(tx, account, named, input.amount, M.paymentAboveOwing);
        const payment = await recordPayment(
          tx,
          {
            accountId: account.id,
            date: receivedAt,
            createdAt: now,
            settledAt: now,
            amount: input.amount,
            currency: account.currency,
            status: 'Successful',
            type: OFFLINE_PAYMENT_METHOD_LABELS.en[input.method],
            description: body.reference,
            method: input.method,
            reference: body.reference,
            externalId: input.externalId,
            requestHash: hash,
          },
          assignments,
        );
        await recordAudit(tx, {
          actorUserId: null,
          actorClientId: client.apiClientId,
          accountId: account.id,
          action: 'payment.recorded',
          entity: 'payment',
          entityId: payment.id,
          details: {
            amount: payment.amount,
            currency: payment.currency,
            method: input.method,
            externalId: input.externalId,
            reference: body.reference,
            assignments: assignments.map((a) => ({ arId: a.receivableId, amount: minorToDecimal(a.amountMinor) })),
          },
        });
        await recordTypedEvent(tx, {
          type: 'payment.succeeded',
          accountId: account.id,
          actor: clientActor(client),
          data: { paymentId: idText(payment.id), amount: moneyText(payment.amount), currency: payment.currency, paymentType: payment.type, receiptNumber: payment.receiptNumber },
          at: now,
        });
        await notifyAccount(
          { db: tx, outbox: deps.outbox },
          {
            accountId: account.id,
            event: 'payment_succeeded',
            data: { paymentId: String(payment.id), amount: payment.amount, currency: payment.currency },
            at: now,
          },
        );
        return payment;
      }),
    'payments_external_id_idx',
  );
};

/** The credit as issued (what it took off then, what it left unapplied), whatever later invoices took since. */
const presentCredit = async (db: PortalDb, credit: CreditRow): Promise<ProviderCredit> => {
  const unappliedMinor = toMinor(credit.unappliedOnIssue);
  const notes = (await creditAllocations(db, credit.id)).map((note) => ({ ...note, amountMinor: toMinor(note.amount) }));
  return {
    externalId: credit.externalId,
    accountExternalId: await accountExternalIdOf(db, credit.accountId),
    invoiceExternalId: await invoiceExternalIdOf(db, credit.invoiceId),
    amount: minorToDecimal(toMinor(credit.amount)),
    currency: credit.currency.trim() as ProviderCredit['currency'],
    reason: credit.reason,
    createdAt: credit.createdAt.toISOString(),
    allocations: notesOnIssue(notes, toMinor(credit.amount) - unappliedMinor).map(({ amountMinor: _, ...note }) => note),
    unapplied: minorToDecimal(unappliedMinor),
  };
};

/**
 * POST /p/v1/credits: credit notes on the named invoice, or spread over the account's oldest open
 * invoices; what is more than they have open stays the account's unapplied credit, which invoices
 * posted later take (lib/unapplied-credits.ts).
 */
export const issueCredit = async (
  deps: Pick<Deps, 'db' | 'clock'>,
  client: ClientCaller,
  input: ProviderCreditInput,
): Promise<ProviderCredit> => {
  const body = { ...input, invoiceExternalId: input.invoiceExternalId ?? null };
  const hash = requestHash(body);
  return idempotent(
    () => findCreditByExternalId(deps.db, input.externalId),
    hash,
    M.creditChanged,
    (credit) => presentCredit(deps.db, credit),
    () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const account = await lockNamedAccount(tx, input.accountExternalId);
        const named =
          body.invoiceExternalId === null
            ? null
            : await namedReceivables(tx, account.id, () => 'invoiceExternalId', [body.invoiceExternalId]);
        const { assignments, unassignedMinor } = allocateUpTo(await openOf(tx, account, named), toMinor(input.amount));
        const invoiceId = named?.[0]?.invoiceId ?? null;
        const credit = await insertCredit(
          tx,
          {
            accountId: account.id,
            externalId: input.externalId,
            requestHash: hash,
            invoiceId,
            amount: input.amount,
            currency: account.currency,
            reason: input.reason,
            unappliedOnIssue: minorToDecimal(unassignedMinor),
            createdAt: now,
          },
          assignments,
        );
        await recordAudit(tx, {
          actorUserId: null,
          actorClientId: client.apiClientId,
          accountId: account.id,
          action: 'credit.issued',
          entity: 'credit',
          entityId: credit.id,
          details: {
            amount: credit.amount,
            currency: credit.currency,
            externalId: input.externalId,
            reason: input.reason,
            invoiceExternalId: body.invoiceExternalId,
            unapplied: minorToDecimal(unassignedMinor),
          },
        });
        return credit;
      }),
    'credits_external_id_idx',
  );
};
