/** The usage alerts form and the spending limit's gauge (pure; docs/decisions/0033-usage-alerts-and-spending-limits.md). */
import { ALERT_ALLOWANCES, ALERT_PERCENTS, toMinor, type AlertAllowance, type AlertPercent, type UsageAlertSettings, type UsageLimit } from '@portal/contract';
import { parseAmount } from '@/lib/amount';

export interface AlertsForm {
  percents: Record<AlertAllowance, AlertPercent[]>;
  /** The overage amount as typed; empty for no such alert. */
  overageText: string;
  email: boolean;
}

export const alertsFormOf = (settings: UsageAlertSettings): AlertsForm => ({
  percents: Object.fromEntries(ALERT_ALLOWANCES.map((kind) => [kind, settings.allowances.find((a) => a.kind === kind)?.percents ?? []])) as Record<
    AlertAllowance,
    AlertPercent[]
  >,
  overageText: settings.overageAmount === undefined ? '' : settings.overageAmount.toFixed(2),
  email: settings.email,
});

/** The form with `percent` of `kind` turned on or off, percents kept in ascending order. */
export const withPercent = (form: AlertsForm, kind: AlertAllowance, percent: AlertPercent, on: boolean): AlertsForm => {
  const chosen = new Set(form.percents[kind]);
  if (on) chosen.add(percent);
  else chosen.delete(percent);
  return { ...form, percents: { ...form.percents, [kind]: ALERT_PERCENTS.filter((p) => chosen.has(p)) } };
};

/** Why the form cannot be saved: an overage amount that is not an amount above zero. */
export const alertsFormProblem = (form: AlertsForm): 'overageInvalid' | null =>
  form.overageText.trim() !== '' && parseAmount(form.overageText) === null ? 'overageInvalid' : null;

/** What Save sends (call only when `alertsFormProblem` is null). */
export const settingsOfForm = (form: AlertsForm): UsageAlertSettings => {
  const overage = form.overageText.trim() === '' ? null : parseAmount(form.overageText);
  return {
    allowances: ALERT_ALLOWANCES.map((kind) => ({ kind, percents: form.percents[kind] })),
    ...(overage === null ? {} : { overageAmount: overage }),
    email: form.email,
  };
};

/** How much of the limit this period used, in whole percents up to 100; null without a limit. */
export const limitUsedPercent = (limit: UsageLimit): number | null => {
  if (limit.amount === null) return null;
  const whole = toMinor(limit.amount);
  if (whole <= 0n) return null;
  const percent = (toMinor(limit.used) * 100n) / whole;
  return Number(percent > 100n ? 100n : percent);
};
