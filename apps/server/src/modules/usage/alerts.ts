/**
 * Usage alerts decided as a batch arrives (docs/decisions/0033-usage-alerts-and-spending-limits.md): in the
 * batch's own transaction, after its records are in, each account that received records and has alerts
 * to decide is locked, its This period read (summary.ts), and every threshold reached and not yet fired
 * recorded in `usage_alerts_fired` with its notification, email and event. All of it commits with the
 * records or not at all: a crash neither loses an alert nor sends one twice.
 */
import { dayIn, minorToDecimal, toMinor, type EventActor, type NotificationEventData } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { recordTypedEvent } from '../../lib/event-data';
import { notifyAccount } from '../notifications';
import { alertsToFire, daysLeft, firedKey, type Firing, type PeriodUse } from './alert-rules';
import { accountsToAlert, findAlertSettings, findLimit, firedAlerts, lockAccountAlerts, recordFired } from './alert-store';
import { periodSummary } from './service';

type Summary = NonNullable<Awaited<ReturnType<typeof periodSummary>>>;

/** What this period's summary says alerts measure. */
export const periodUseOf = (summary: Summary): PeriodUse => ({
  voice: summary.allowances.voiceMinutes,
  sms: summary.allowances.textMessages,
  data: summary.allowances.dataMb,
  roamingCents: toMinor(summary.roaming),
  beyondPlanCents: toMinor(summary.estimate.usage),
});

/** The notification's facts of one firing. */
const alertData = (firing: Firing, summary: Summary, use: PeriodUse, limitCents: bigint | null, at: Date): NotificationEventData['usage_alert'] => {
  const base = {
    alert: firing.alert,
    periodStart: summary.period.start,
    periodEnd: summary.period.end,
    daysLeft: daysLeft(summary.period.end, dayIn(summary.timeZone, at)),
    currency: summary.currency,
  };
  switch (firing.alert) {
    case 'voice':
    case 'sms':
    case 'data': {
      const allowance = use[firing.alert];
      return { ...base, percent: Number(firing.reached), used: String(allowance.used), included: String(allowance.included ?? 0) };
    }
    case 'roaming':
      return { ...base, percent: Number(firing.reached), used: minorToDecimal(use.roamingCents), amount: minorToDecimal(limitCents ?? 0n) };
    case 'roaming_started':
      return { ...base, used: minorToDecimal(use.roamingCents) };
    case 'overage':
    case 'limit':
      return { ...base, used: minorToDecimal(use.beyondPlanCents), amount: minorToDecimal(firing.reached) };
  }
};

/** Decides one account's alerts in the caller's transaction (`deps.db`). */
export const decideAccountAlerts = async (deps: Pick<Deps, 'db' | 'outbox'>, accountId: bigint, at: Date, actor: EventActor): Promise<void> => {
  const { db } = deps;
  await lockAccountAlerts(db, accountId);
  const summary = await periodSummary(db, accountId, at);
  if (!summary) return;
  const [settings, limit, fired] = await Promise.all([findAlertSettings(db, accountId), findLimit(db, accountId), firedAlerts(db, accountId, summary.period.start)]);
  const limitCents = limit === null ? null : toMinor(limit);
  const use = periodUseOf(summary);
  const firings = alertsToFire({ settings, use, limitCents, fired });
  if (firings.length === 0) return;
  const recorded = await recordFired(
    db,
    accountId,
    summary.period.start,
    firings.flatMap((f) => f.thresholds.map((threshold) => ({ alert: f.alert, threshold }))),
    at,
  );
  for (const firing of firings) {
    if (!recorded.has(firedKey(firing.alert, firing.reached))) continue;
    const data = alertData(firing, summary, use, limitCents, at);
    await notifyAccount(deps, { accountId, event: 'usage_alert', data, at, language: summary.language, email: settings.email });
    if (firing.alert === 'limit')
      await recordTypedEvent(db, {
        type: 'usage.limit_reached',
        accountId,
        actor,
        data: { limit: data.amount!, used: data.used, currency: data.currency, periodStart: data.periodStart, periodEnd: data.periodEnd },
        at,
      });
  }
};

/** After a batch's records are in, before it commits: the alerts of every account it brought records to. */
export const decideUsageAlerts = async (deps: Pick<Deps, 'db' | 'outbox'>, accountIds: readonly string[], at: Date, actor: EventActor): Promise<void> => {
  // In ascending id order, so two batches locking the same accounts never deadlock.
  for (const accountId of await accountsToAlert(deps.db, accountIds)) await decideAccountAlerts(deps, accountId, at, actor);
};
