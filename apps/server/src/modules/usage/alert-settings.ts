/**
 * Usage/alerts and Usage/limit, and the provider's `PUT /p/v1/accounts/{externalId}/limit`: an account's
 * alert choices and its spending limit (docs/decisions/0033-usage-alerts-and-spending-limits.md).
 * Every change is audited; a changed limit emits `usage.limit_changed`, and one the period has already
 * reached fires its alert (and `usage.limit_reached`) in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { minorToDecimal, moneyFromDecimal, toMinor, type EventActor, type UsageAlertSettings, type UsageLimit, type UsageLimitInput } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { notFound } from '../../errors';
import { assertAccountAccess } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { recordTypedEvent } from '../../lib/event-data';
import { actorOfCaller, clientActor } from '../../lib/events';
import { limitReached } from './alert-rules';
import { findAlertSettings, findLimit, replaceLimit, saveAlertSettings } from './alert-store';
import { decideAccountAlerts, periodUseOf } from './alerts';
import { periodSummary } from './service';

export const getUsageAlerts = async ({ db }: Pick<Deps, 'db'>, caller: Caller, accountId: bigint): Promise<UsageAlertSettings> => {
  await assertAccountAccess(db, caller, accountId);
  return findAlertSettings(db, accountId);
};

export const putUsageAlerts = async (
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  accountId: bigint,
  settings: UsageAlertSettings,
): Promise<UsageAlertSettings> => {
  await assertAccountAccess(db, caller, accountId);
  await db.transaction(async (tx) => {
    await saveAlertSettings(tx, accountId, settings, clock.now());
    await recordAudit(tx, { actorUserId: caller.userId, accountId, action: 'usage.alerts_saved', entity: 'account', entityId: accountId, details: { settings } });
  });
  return settings;
};

/** The limit, what this period's charges beyond the plan used of it, and whether it is reached. */
const limitState = async (db: PortalDb, accountId: bigint, now: Date): Promise<UsageLimit> => {
  const [summary, limit] = await Promise.all([periodSummary(db, accountId, now), findLimit(db, accountId)]);
  if (!summary) throw notFound('The account');
  const used = periodUseOf(summary).beyondPlanCents;
  return { amount: limit === null ? null : moneyFromDecimal(limit), used: Number(minorToDecimal(used)), reached: limitReached(used, limit === null ? null : toMinor(limit)) };
};

export const getUsageLimit = async ({ db, clock }: Pick<Deps, 'db' | 'clock'>, caller: Caller, accountId: bigint): Promise<UsageLimit> => {
  await assertAccountAccess(db, caller, accountId);
  return limitState(db, accountId, clock.now());
};

interface LimitChange {
  accountId: bigint;
  input: UsageLimitInput;
  actor: EventActor;
  audit: { actorUserId: bigint | null; actorClientId?: bigint };
}

/** Sets the limit in one transaction: audit, `usage.limit_changed` when it changed, and the limit's alert when already reached. */
const changeLimit = async ({ db, clock, outbox }: Pick<Deps, 'db' | 'clock' | 'outbox'>, change: LimitChange): Promise<UsageLimit> => {
  const { accountId, input, actor } = change;
  const at = clock.now();
  return db.transaction(async (tx) => {
    const amount = input.amount === null ? null : minorToDecimal(toMinor(input.amount));
    const before = await replaceLimit(tx, accountId, amount, at);
    const state = await limitState(tx, accountId, at);
    if (before === null ? amount === null : amount !== null && toMinor(before) === toMinor(amount)) return state;
    await recordAudit(tx, { ...change.audit, accountId, action: 'usage.limit_changed', entity: 'account', entityId: accountId, details: { before, after: amount } });
    const [account] = await tx.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId));
    await recordTypedEvent(tx, {
      type: 'usage.limit_changed',
      accountId,
      actor,
      data: { previousLimit: before, limit: amount, used: minorToDecimal(toMinor(state.used)), currency: account!.currency.trim(), reached: state.reached },
      at,
    });
    if (state.reached) await decideAccountAlerts({ db: tx, outbox }, accountId, at, actor);
    return state;
  });
};

export const putUsageLimit = async (deps: Pick<Deps, 'db' | 'clock' | 'outbox'>, caller: Caller, accountId: bigint, input: UsageLimitInput): Promise<UsageLimit> => {
  await assertAccountAccess(deps.db, caller, accountId);
  return changeLimit(deps, { accountId, input, actor: actorOfCaller(caller), audit: { actorUserId: caller.userId } });
};

/** The provider's call: the account by its `externalId` (404 for none). */
export const putProviderLimit = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  client: { apiClientId: bigint; name: string },
  externalId: string,
  input: UsageLimitInput,
): Promise<UsageLimit> => {
  const [account] = await deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, externalId));
  if (!account) throw notFound('The account');
  return changeLimit(deps, { accountId: account.id, input, actor: clientActor(client), audit: { actorUserId: null, actorClientId: client.apiClientId } });
};
