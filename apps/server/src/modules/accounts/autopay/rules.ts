import { MONTHLY_PAYMENT_DAY } from '@portal/contract';

/**
 * When automatic payments run and how much they take (docs/decisions/0006-where-the-spec-is-wrong.md). Pure. Calendar days are UTC
 * days, so every server instance agrees on "today".
 */

export type AutopayFrequency = 'dueDate' | 'monthly';

/** The calendar day of an instant, `YYYY-MM-DD` (UTC). */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Monthly schedules are charged once per calendar month: the period is `YYYY-MM`. */
export const monthlyPeriod = (day: string): string => day.slice(0, 7);

/** Due-date schedules are charged once per posted invoice: the period names its receivable. */
export const dueDatePeriod = (receivableId: bigint): string => `due:${receivableId}`;

/** The frequency a period key belongs to. */
export const frequencyOfPeriod = (period: string): AutopayFrequency => (period.startsWith('due:') ? 'dueDate' : 'monthly');

/** Monthly payments are taken on the 15th, or on the first run after it (a server down on the 15th catches up). */
export const isMonthlyRunDue = (day: string): boolean => Number(day.slice(8, 10)) >= MONTHLY_PAYMENT_DAY;

/** What an automatic payment takes (the contract's rule, which the setup dialog's preview also follows). */
export { autopayChargeMinor as autopayAmountMinor } from '@portal/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The next day the job will charge: for monthly, today when the 15th has passed and this month is
 * not yet charged, else the coming 15th; for due dates, the earliest due date of an unpaid invoice
 * not yet charged (today when it has passed). Null when nothing is scheduled.
 */
export const nextRunDate = (input: {
  frequency: AutopayFrequency;
  today: string;
  chargedThisMonth: boolean;
  unchargedDueDates: readonly string[];
}): string | null => {
  const { today } = input;
  if (input.frequency === 'monthly') {
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    if (!isMonthlyRunDue(today)) return `${year}-${pad(month)}-${pad(MONTHLY_PAYMENT_DAY)}`;
    if (!input.chargedThisMonth) return today;
    return month === 12 ? `${year + 1}-01-${pad(MONTHLY_PAYMENT_DAY)}` : `${year}-${pad(month + 1)}-${pad(MONTHLY_PAYMENT_DAY)}`;
  }
  const earliest = [...input.unchargedDueDates].sort()[0];
  if (!earliest) return null;
  return earliest < today ? today : earliest;
};

/** How many days before an automatic payment its people are told. */
export const AUTOPAY_NOTICE_DAYS = 3;

/** `YYYY-MM-DD` plus `days` calendar days. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The run days announced on `today`: those after today and at most AUTOPAY_NOTICE_DAYS ahead (a day
 * missed by a stopped job is still announced the next day, while the payment is ahead).
 */
export const isAnnouncedOn = (runDay: string, today: string): boolean => runDay > today && runDay <= addDays(today, AUTOPAY_NOTICE_DAYS);

/** This month's monthly run day (the 15th), when it is to be announced on `today`. */
export const monthlyRunToAnnounce = (today: string): string | null => {
  const runDay = `${monthlyPeriod(today)}-${pad(MONTHLY_PAYMENT_DAY)}`;
  return isAnnouncedOn(runDay, today) ? runDay : null;
};
