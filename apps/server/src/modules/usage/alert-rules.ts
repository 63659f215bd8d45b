/**
 * Which usage alerts fire (pure; docs/decisions/0033-usage-alerts-and-spending-limits.md): every
 * threshold the period's use has reached and that has not fired in the period yet. Deciding on what is
 * reached, not on what one batch added, is what makes an alert fire once however batches arrive: a
 * batch that crosses several thresholds records them all, a replayed or later batch finds them fired.
 */
import { toMinor, type AlertAllowance, type UsageAlertSettings } from '@portal/contract';

/** An alert as `usage_alerts_fired` keys it. */
export type AlertName = AlertAllowance | 'roaming_started' | 'overage' | 'limit';

/** Used against included, in the allowance's unit; `included` null = unlimited (never alerts). */
export interface AllowanceUse {
  used: number;
  included: number | null;
}

/** The period's use as alerts read it; money in cents. */
export interface PeriodUse {
  voice: AllowanceUse;
  sms: AllowanceUse;
  data: AllowanceUse;
  roamingCents: bigint;
  /** Charges beyond the plan: every usage charge (overage, roaming, long distance). */
  beyondPlanCents: bigint;
}

/** One alert to tell: `thresholds` are all it records as fired; the notification names the highest. */
export interface Firing {
  alert: AlertName;
  /** Percents, or for `overage` and `limit` the amount in cents; `roaming_started` records 0. */
  thresholds: bigint[];
  /** The highest threshold reached (a percent for allowances, else the amount in cents). */
  reached: bigint;
}

/** A key of a fired alert, `alert:threshold`, as `fired` holds them. */
export const firedKey = (alert: AlertName, threshold: bigint): string => `${alert}:${threshold}`;

/** The percents `use` has reached (used ≥ p % of included, in integers), ascending. */
export const percentsReached = (percents: readonly number[], use: AllowanceUse): number[] =>
  use.included === null || use.included <= 0 ? [] : percents.filter((p) => use.used * 100 >= p * use.included!).sort((a, b) => a - b);

/** Percents of `part` against a money `whole` reached (none without a whole). */
const percentsOfMoney = (percents: readonly number[], part: bigint, whole: bigint | null): number[] =>
  whole === null || whole <= 0n ? [] : percents.filter((p) => part * 100n >= BigInt(p) * whole).sort((a, b) => a - b);

const firing = (alert: AlertName, reached: readonly bigint[], fired: ReadonlySet<string>): Firing[] => {
  const fresh = reached.filter((t) => !fired.has(firedKey(alert, t)));
  return fresh.length === 0 ? [] : [{ alert, thresholds: fresh, reached: fresh[fresh.length - 1]! }];
};

export interface AlertInput {
  settings: UsageAlertSettings;
  use: PeriodUse;
  /** The spending limit in cents, or null for none. */
  limitCents: bigint | null;
  /** This period's fired alerts (`firedKey`s). */
  fired: ReadonlySet<string>;
}

/**
 * The alerts to fire now. Allowances by their chosen percents; roaming by its percents of the spending
 * limit, and once when roaming starts (a charge abroad), whatever the choices; the overage amount; the limit.
 */
export const alertsToFire = ({ settings, use, limitCents, fired }: AlertInput): Firing[] => {
  const percentsOf = (kind: AlertAllowance) => settings.allowances.find((a) => a.kind === kind)?.percents ?? [];
  const big = (ns: number[]) => ns.map(BigInt);
  const overageCents = settings.overageAmount === undefined ? null : toMinor(settings.overageAmount);
  return [
    ...firing('voice', big(percentsReached(percentsOf('voice'), use.voice)), fired),
    ...firing('sms', big(percentsReached(percentsOf('sms'), use.sms)), fired),
    ...firing('data', big(percentsReached(percentsOf('data'), use.data)), fired),
    ...firing('roaming_started', use.roamingCents > 0n ? [0n] : [], fired),
    ...firing('roaming', big(percentsOfMoney(percentsOf('roaming'), use.roamingCents, limitCents)), fired),
    ...firing('overage', overageCents !== null && use.beyondPlanCents >= overageCents ? [overageCents] : [], fired),
    ...firing('limit', limitCents !== null && use.beyondPlanCents >= limitCents ? [limitCents] : [], fired),
  ];
};

/** Whole days after `today` to the period's last day (0 on the last day), both `YYYY-MM-DD`. */
export const daysLeft = (periodEnd: string, today: string): number =>
  Math.max(0, Math.round((Date.parse(`${periodEnd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000));

/** Whether a period's charges beyond the plan have reached the limit (none without a limit). */
export const limitReached = (beyondPlanCents: bigint, limitCents: bigint | null): boolean => limitCents !== null && beyondPlanCents >= limitCents;
