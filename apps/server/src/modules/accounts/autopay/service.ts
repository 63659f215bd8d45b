import { lockAccount } from '../../../lib/account-lock';
import {
  ARRANGEMENT_MESSAGES,
  AUTOPAY_ON,
  PAYMENT_MESSAGES,
  fromMinor,
  minorToDecimal,
  toMinor,
  type AccountPaymentMethod,
  type AutopaySchedule,
  type AutopayScheduleResponse,
  type EventData,
} from '@portal/contract';
import { badRequest, conflict, notFound } from '../../../errors';
import { assertAccountAccess } from '../../../lib/access';
import { recordAudit } from '../../../lib/audit';
import { assertAutopayCanTurnOn } from './readiness';
import type { Caller } from '../../../lib/caller';
import type { Deps } from '../../../http/deps';
import { usableCard } from '../../payments';
import { changeDefaultCard, findPaymentMethod } from '../../payment-methods';
import type { PortalDb } from '../../../db/client';
import { idText, moneyText, recordTypedEvent } from '../../../lib/event-data';
import { actorOfCaller } from '../../../lib/events';
import { paymentPolicyOf } from '../../../lib/payment-policy';
import {
  accountPaymentMethod,
  accountTypeOf,
  findSchedule,
  hasRun,
  openInvoicesForAutopay,
  setAccountPaymentMethod,
  unchargedDueDates,
  upsertSchedule,
  type AutopayScheduleRow,
} from './repository';
import { monthlyPeriod, nextRunDate, utcDay } from './rules';

const presentSchedule = (row: AutopayScheduleRow): AutopaySchedule => ({
  accountId: row.accountId,
  paymentMethodId: row.paymentMethodId,
  frequency: row.frequency,
  amountType: row.amountType,
  fixedAmount: row.fixedAmount === null ? null : fromMinor(toMinor(row.fixedAmount)),
  includeOverdue: row.chargeFrom === null,
});

/** Automatic payments as `autopay.updated` tells them: on or off, and the saved schedule. */
const autopayStateOf = async (tx: PortalDb, accountId: bigint): Promise<EventData<'autopay.updated'>> => {
  const [schedule, paymentMethod] = await Promise.all([findSchedule(tx, accountId), accountPaymentMethod(tx, accountId)]);
  return {
    enabled: paymentMethod === AUTOPAY_ON,
    schedule: schedule && {
      paymentMethodId: idText(schedule.paymentMethodId),
      frequency: schedule.frequency,
      amountType: schedule.amountType,
      fixedAmount: schedule.fixedAmount === null ? null : moneyText(schedule.fixedAmount),
      includeOverdue: schedule.chargeFrom === null,
    },
  };
};

/** Runs a change of automatic payments and records `autopay.updated` when it changed them (saving the same again records nothing). */
const changingAutopay = async (tx: PortalDb, caller: Caller, accountId: bigint, at: Date, change: () => Promise<void>): Promise<void> => {
  const before = await autopayStateOf(tx, accountId);
  await change();
  const after = await autopayStateOf(tx, accountId);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await recordTypedEvent(tx, { type: 'autopay.updated', accountId, actor: actorOfCaller(caller), data: after, at });
};

/** What the setup dialog works its preview out from: the job's day, this month's run and the open invoices. */
const previewInputs = async (deps: Pick<Deps, 'db'>, accountId: bigint, today: string): Promise<AutopayScheduleResponse['preview']> => {
  const [chargedThisMonth, open] = await Promise.all([hasRun(deps.db, accountId, monthlyPeriod(today)), openInvoicesForAutopay(deps.db, accountId)]);
  return { today, chargedThisMonth, openInvoices: open.map((i) => ({ dueDate: i.dueDate, amount: fromMinor(toMinor(i.open)), tried: i.tried })) };
};

const scheduleResponse = async (deps: Pick<Deps, 'db' | 'clock'>, accountId: bigint): Promise<AutopayScheduleResponse> => {
  const today = utcDay(deps.clock.now());
  const [schedule, paymentMethod, preview] = await Promise.all([
    findSchedule(deps.db, accountId),
    accountPaymentMethod(deps.db, accountId),
    previewInputs(deps, accountId, today),
  ]);
  if (!schedule) return { schedule: null, nextRunDate: null, preview };
  if (paymentMethod !== AUTOPAY_ON) return { schedule: presentSchedule(schedule), nextRunDate: null, preview };
  const next = nextRunDate({
    frequency: schedule.frequency,
    today,
    chargedThisMonth: schedule.frequency === 'monthly' && preview.chargedThisMonth,
    unchargedDueDates: schedule.frequency === 'dueDate' ? await unchargedDueDates(deps.db, accountId) : [],
  });
  return { schedule: presentSchedule(schedule), nextRunDate: next, preview };
};

/** GET Account/{accountId}/autopay: the saved schedule (kept while autopay is off) and the next run when on. */
export const getAutopaySchedule = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, accountId: bigint): Promise<AutopayScheduleResponse> => {
  await assertAccountAccess(deps.db, caller, accountId);
  return scheduleResponse(deps, accountId);
};

/**
 * PUT Account/{accountId}/autopay ("Setup Automatic Payments"): saves the schedule, makes its card
 * the default and turns automatic payments on, together. Leaving the overdue amount out charges only
 * invoices due from today on.
 */
export const saveAutopaySchedule = async (
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  accountId: bigint,
  schedule: AutopaySchedule,
): Promise<AutopayScheduleResponse> => {
  await assertAccountAccess(deps.db, caller, accountId);
  if (schedule.accountId !== accountId) throw badRequest(PAYMENT_MESSAGES.autopayAccountMismatch);
  const card = await usableCard(deps, accountId, schedule.paymentMethodId);
  const now = deps.clock.now();
  const fixedAmount = schedule.amountType === 'fixed' && schedule.fixedAmount !== null ? minorToDecimal(toMinor(schedule.fixedAmount)) : null;
  const chargeFrom = schedule.includeOverdue ? null : utcDay(now);
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if (!(await findPaymentMethod(tx, card.id))) throw notFound('The payment method');
    await changeDefaultCard(tx, { accountId, paymentMethodId: card.id, actor: actorOfCaller(caller), at: now });
    await changingAutopay(tx, caller, accountId, now, async () => {
      await upsertSchedule(tx, {
        accountId,
        paymentMethodId: card.id,
        frequency: schedule.frequency,
        amountType: schedule.amountType,
        fixedAmount,
        chargeFrom,
        at: now,
      });
      await setAccountPaymentMethod(tx, accountId, AUTOPAY_ON, now);
    });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId,
      action: 'autopay.schedule_saved',
      entity: 'autopay_schedule',
      entityId: accountId,
      details: { paymentMethodId: card.id, frequency: schedule.frequency, amountType: schedule.amountType, fixedAmount, chargeFrom },
    });
  });
  return scheduleResponse(deps, accountId);
};

/**
 * Account/update-default-payment-method: the Automatic Payments toggle. On needs a saved schedule
 * whose card has not expired; off keeps the schedule (so switching back on restores it) and the job
 * stops charging.
 */
export const switchAutopay = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: Caller,
  accountId: bigint,
  paymentMethod: AccountPaymentMethod,
): Promise<void> => {
  await assertAccountAccess(deps.db, caller, accountId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (paymentMethod === AUTOPAY_ON) await assertAutopayCanTurnOn(tx, accountId, now);
    // The provider's policy may require automatic payments (docs/decisions/0034-payment-arrangements-and-policy.md): a customer
    // cannot turn them off; Staff still can, for the provider.
    else if (account?.paymentMethod === AUTOPAY_ON && !caller.isStaff && !paymentPolicyOf(deps.config, await accountTypeOf(tx, accountId)).autopayOptional) {
      throw conflict(ARRANGEMENT_MESSAGES.autopayRequired);
    }
    await changingAutopay(tx, caller, accountId, now, () => setAccountPaymentMethod(tx, accountId, paymentMethod, now));
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId,
      action: paymentMethod === AUTOPAY_ON ? 'autopay.enabled' : 'autopay.disabled',
      entity: 'account',
      entityId: accountId,
      details: { paymentMethod },
    });
  });
};
