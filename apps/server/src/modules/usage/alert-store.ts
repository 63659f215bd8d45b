/** The SQL of usage alerts and spending limits: the account's choices, its limit and the alerts fired per period. */
import { and, eq, sql } from 'drizzle-orm';
import { ALERT_ALLOWANCES, defaultAlertSettings, moneyFromDecimal, type AlertAllowance, type UsageAlertSettings } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { usageAlertSettings, usageAlertsFired, usageLimits } from '../../db/schema';
import { firedKey, type AlertName } from './alert-rules';

/** The account's choices, or the defaults when it never chose. */
export const findAlertSettings = async (db: PortalDb, accountId: bigint): Promise<UsageAlertSettings> => {
  const [row] = await db.select().from(usageAlertSettings).where(eq(usageAlertSettings.accountId, accountId));
  if (!row) return defaultAlertSettings();
  return {
    allowances: row.allowances.filter((a): a is { kind: AlertAllowance; percents: (50 | 80 | 90 | 100)[] } => (ALERT_ALLOWANCES as readonly string[]).includes(a.kind)),
    ...(row.overageAmount === null ? {} : { overageAmount: moneyFromDecimal(row.overageAmount) }),
    email: row.email,
  };
};

export const saveAlertSettings = async (db: PortalDb, accountId: bigint, settings: UsageAlertSettings, at: Date): Promise<void> => {
  const values = {
    allowances: settings.allowances,
    overageAmount: settings.overageAmount === undefined ? null : settings.overageAmount.toFixed(2),
    email: settings.email,
    updatedAt: at,
  };
  await db
    .insert(usageAlertSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: usageAlertSettings.accountId, set: values });
};

/** The limit as a decimal string, or null for none. */
export const findLimit = async (db: PortalDb, accountId: bigint): Promise<string | null> => {
  const [row] = await db.select({ amount: usageLimits.amount }).from(usageLimits).where(eq(usageLimits.accountId, accountId));
  return row?.amount ?? null;
};

/** Sets (a decimal string) or removes (null) the limit; answers the one before. Locks the limit's row, so two changes never both see the same "before". */
export const replaceLimit = async (db: PortalDb, accountId: bigint, amount: string | null, at: Date): Promise<string | null> => {
  const { rows } = await db.execute<{ amount: string }>(sql`select amount::text as amount from usage_limits where account_id = ${accountId} for update`);
  const before = rows[0]?.amount ?? null;
  if (amount === null) await db.delete(usageLimits).where(eq(usageLimits.accountId, accountId));
  else
    await db
      .insert(usageLimits)
      .values({ accountId, amount, updatedAt: at })
      .onConflictDoUpdate({ target: usageLimits.accountId, set: { amount, updatedAt: at } });
  return before;
};

/**
 * Of the accounts a batch brought records to, those alerts are decided for: those with choices or a
 * limit saved, and those with someone to tell (a person of the account or of an account above it),
 * whose defaults hold. An account nobody reaches and nobody configured has nothing to decide.
 */
export const accountsToAlert = async (db: PortalDb, accountIds: readonly string[]): Promise<bigint[]> => {
  if (accountIds.length === 0) return [];
  const ids = sql`${`{${accountIds.join(',')}}`}::bigint[]`;
  const { rows } = await db.execute<{ id: string }>(sql`
    with recursive up(origin, id) as (
      select id, id from unnest(${ids}) as t(id)
      union
      select up.origin, a.parent_id from accounts a join up on a.id = up.id where a.parent_id is not null
    )
    select distinct origin::text as id from up where exists (select 1 from user_accounts ua where ua.account_id = up.id)
    union select account_id::text from usage_alert_settings where account_id = any(${ids})
    union select account_id::text from usage_limits where account_id = any(${ids})
    order by 1`);
  return rows.map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
};

/**
 * Waits for any other transaction deciding this account's alerts to end, so the period's use read next
 * includes the records it committed (a batch loading beside this one cannot hide its records from both).
 * Callers lock accounts in ascending id order, so two batches never wait on each other.
 */
export const lockAccountAlerts = async (db: PortalDb, accountId: bigint): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`usage_alerts:${accountId}`}, 0))`);
};

/** The period's fired alerts, as `firedKey`s. */
export const firedAlerts = async (db: PortalDb, accountId: bigint, periodStart: string): Promise<Set<string>> => {
  const rows = await db
    .select({ alert: usageAlertsFired.alert, threshold: usageAlertsFired.threshold })
    .from(usageAlertsFired)
    .where(and(eq(usageAlertsFired.accountId, accountId), eq(usageAlertsFired.periodStart, periodStart)));
  return new Set(rows.map((r) => firedKey(r.alert, r.threshold)));
};

/**
 * Records alerts as fired; answers those this call recorded (not another's that got there first), so
 * only they are told.
 */
export const recordFired = async (
  db: PortalDb,
  accountId: bigint,
  periodStart: string,
  alerts: readonly { alert: AlertName; threshold: bigint }[],
  at: Date,
): Promise<Set<string>> => {
  if (alerts.length === 0) return new Set();
  const rows = await db
    .insert(usageAlertsFired)
    .values(alerts.map((a) => ({ accountId, periodStart, alert: a.alert, threshold: a.threshold, firedAt: at })))
    .onConflictDoNothing()
    .returning({ alert: usageAlertsFired.alert, threshold: usageAlertsFired.threshold });
  return new Set(rows.map((r) => firedKey(r.alert, r.threshold)));
};
