/**
 * Payment arrangements (docs/decisions/0034-payment-arrangements-and-policy.md): what an account may arrange under
 * the provider's payment policy, setting one up (the customer or Staff for them), listing and cancelling
 * (Staff). Every change is audited and recorded as an event in its own transaction.
 */
import {
  ARRANGEMENT_MESSAGES,
  arrangementEligibility,
  fromMinor,
  instalmentProblems,
  instalmentWindows,
  minorToDecimal,
  toMinor,
  type Arrangement,
  type ArrangementOptions,
  type ArrangementToCreate,
  type CurrencyCode,
  type InstalmentProblem,
  type Paged,
  type PagedQuery,
  type PaymentPolicy,
} from '@portal/contract';
import { conflict, invalidFields, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import { assertAccountAccess } from '../../lib/access';
import { lockAccount } from '../../lib/account-lock';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { idText, optionalIdText, recordTypedEvent } from '../../lib/event-data';
import { actorOfCaller } from '../../lib/events';
import { paymentPolicyOf } from '../../lib/payment-policy';
import { openReceivables, usableCard } from '../payments';
import { presentArrangement } from './presenter';
import {
  accountForArrangement,
  brokenSince,
  closeArrangement,
  findArrangement,
  hasActiveArrangement,
  insertArrangement,
  listVisibleArrangements,
  lockArrangement,
} from './repository';

/** Arrangements count their days in UTC, as automatic payments do, so every instance agrees on "today". */
export const arrangementDay = (now: Date): string => now.toISOString().slice(0, 10);

const YEAR_MS = 365 * 86_400_000;

/** What the policy needs to know of an account today, read in the caller's transaction (under the account's lock when writing). */
const readSituation = async (db: Deps['db'], accountId: bigint, config: Deps['config'], now: Date) => {
  const account = await accountForArrangement(db, accountId);
  if (!account) throw notFound('The account');
  const policy: PaymentPolicy = paymentPolicyOf(config, account.type);
  const today = arrangementDay(now);
  const overdue = (await openReceivables(db, accountId, account.currency)).filter((r) => r.dueDate < today);
  const overdueMinor = overdue.reduce((sum, r) => sum + r.openMinor, 0n);
  const eligibility = arrangementEligibility(
    policy,
    {
      overdueMinor,
      overdueSince: overdue[0]?.dueDate ?? null,
      hasActiveArrangement: await hasActiveArrangement(db, accountId),
      brokenInLastYear: await brokenSince(db, accountId, new Date(now.getTime() - YEAR_MS)),
      closed: account.closedAt !== null,
    },
    today,
  );
  return { account, policy, today, overdue, overdueMinor, eligibility, windows: instalmentWindows(policy, overdueMinor, today) };
};

/** The payment policy of the account's type (what the web's autopay switch and payment dialogs follow). */
export const accountPaymentPolicy = async (deps: Pick<Deps, 'db' | 'config'>, caller: Caller, accountId: bigint) => {
  await assertAccountAccess(deps.db, caller, accountId);
  const account = await accountForArrangement(deps.db, accountId);
  if (!account) throw notFound('The account');
  const policy = paymentPolicyOf(deps.config, account.type);
  return { ...policy, minimumPayment: fromMinor(toMinor(policy.minimumPayment)) };
};

export const arrangementOptions = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, accountId: bigint): Promise<ArrangementOptions> => {
  await assertAccountAccess(deps.db, caller, accountId);
  const s = await readSituation(deps.db, accountId, deps.config, deps.clock.now());
  return {
    eligible: s.eligibility.eligible,
    reason: s.eligibility.eligible ? null : s.eligibility.reason,
    amount: fromMinor(s.overdueMinor),
    currency: s.account.currency.trim() as CurrencyCode,
    today: s.today,
    maxInstalments: s.windows.maxInstalments,
    firstInstalment: { ...s.windows.first, minimumAmount: fromMinor(s.windows.firstMinimumMinor) },
    restWithinDays: s.windows.restWithinDays,
  };
};

/** A problem with the instalments, worded, under the body field it is about. */
const problemField = (problem: InstalmentProblem): [string, string] => {
  switch (problem.code) {
    case 'count':
      return ['instalments', `Choose between 1 and ${problem.max} instalments.`];
    case 'sum':
      return ['instalments', `The instalments must add up to the overdue amount, ${minorToDecimal(problem.expectedMinor)}.`];
    case 'amount':
      return [`instalments.${problem.index}.amount`, 'Enter an amount greater than zero.'];
    case 'firstDate':
      return ['instalments.0.date', `The first instalment must be between ${problem.from} and ${problem.to}.`];
    case 'firstAmount':
      return ['instalments.0.amount', `The first instalment must be at least ${minorToDecimal(problem.minimumMinor)}.`];
    case 'order':
      return [`instalments.${problem.index}.date`, 'Each instalment must come after the one before it.'];
    case 'laterDate':
      return [`instalments.${problem.index}.date`, `This instalment must be on or before ${problem.to}.`];
  }
};

const requireArrangement = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, id: bigint): Promise<Arrangement> => {
  const record = await findArrangement(deps.db, caller, id);
  if (!record) throw notFound('The arrangement');
  return presentArrangement(record, arrangementDay(deps.clock.now()));
};

export const createArrangement = async (deps: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, body: ArrangementToCreate): Promise<Arrangement> => {
  await assertAccountAccess(deps.db, caller, body.accountId);
  const card = body.paymentMethodId === undefined ? null : await usableCard(deps, body.accountId, body.paymentMethodId);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    // Under the account's lock, as payments take it: what is overdue cannot change while it is arranged.
    if (!(await lockAccount(tx, body.accountId))) throw notFound('The account');
    const s = await readSituation(tx, body.accountId, deps.config, now);
    if (!s.eligibility.eligible) throw conflict(ARRANGEMENT_MESSAGES.ineligible[s.eligibility.reason]);
    const instalments = body.instalments.map((i) => ({ date: i.date, amountMinor: toMinor(i.amount) }));
    const problems = instalmentProblems(s.windows, s.overdueMinor, instalments);
    if (problems.length > 0) {
      const fields = Object.fromEntries(problems.map(problemField).reverse());
      throw invalidFields(problemField(problems[0]!)[1], fields);
    }
    const amount = minorToDecimal(s.overdueMinor);
    const rows = instalments.map((i) => ({ date: i.date, amount: minorToDecimal(i.amountMinor) }));
    const arrangementId = await insertArrangement(tx, {
      accountId: body.accountId,
      amount,
      currency: s.account.currency,
      paymentMethodId: card?.id ?? null,
      userId: caller.userId,
      byStaff: caller.isStaff,
      at: now,
      instalments: rows,
      covered: s.overdue.map((r) => ({ receivableId: r.id, open: minorToDecimal(r.openMinor) })),
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: body.accountId,
      action: 'arrangement.created',
      entity: 'arrangement',
      entityId: arrangementId,
      details: { amount, instalments: rows, paymentMethodId: card?.id ?? null, byStaff: caller.isStaff },
    });
    await recordTypedEvent(tx, {
      type: 'arrangement.created',
      accountId: body.accountId,
      actor: actorOfCaller(caller),
      data: { arrangementId: idText(arrangementId), amount, currency: s.account.currency.trim(), paymentMethodId: optionalIdText(card?.id), instalments: rows },
      at: now,
    });
    return arrangementId;
  });
  return requireArrangement(deps, caller, id);
};

export const listArrangements = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: PagedQuery): Promise<Paged<Arrangement>> => {
  const page = await listVisibleArrangements(deps.db, caller, query);
  const today = arrangementDay(deps.clock.now());
  return { value: page.records.map((r) => presentArrangement(r, today)), ...(page.count === undefined ? {} : { count: page.count }) };
};

/** Staff cancel an active arrangement: its invoices are overdue as before and automatic payments take them again. */
export const cancelArrangement = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, id: bigint): Promise<Arrangement> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const record = await lockArrangement(tx, id);
    if (!record) throw notFound('The arrangement');
    if (record.arrangement.status !== 'Active') throw conflict(ARRANGEMENT_MESSAGES.notActive);
    await closeArrangement(tx, id, 'Cancelled', now, caller.userId);
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: record.arrangement.accountId,
      action: 'arrangement.cancelled',
      entity: 'arrangement',
      entityId: id,
      details: { paid: record.paid },
    });
  });
  return requireArrangement(deps, caller, id);
};
