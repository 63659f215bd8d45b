/** Rows of the usage SQL → the contract's shapes. Pure. */
import {
  fromMinor,
  type CurrencyCode,
  type UsageDay,
  type UsageRecord,
  type UsageRecords,
  type UsageTotals,
} from '@portal/contract';
import { USAGE_CLASS_COUNT, tenThousandthsOf, usageChargeCents } from '../../lib/rating';
import type { UsageGroupRow, UsageRecordRow } from './repository';

const money = (cents: number) => fromMinor(BigInt(cents));

export const presentUsageRecord = (row: UsageRecordRow): UsageRecord => ({
  id: row.id,
  type: row.kind,
  direction: row.direction,
  startedAt: row.startedAt.toISOString(),
  fromNumber: row.fromNumber,
  toNumber: row.toNumber,
  durationSeconds: row.durationSeconds,
  dataKb: row.dataKb,
  description: row.description,
  roaming: row.roaming,
  amount: row.amount,
  invoiceId: row.invoiceId,
  postedDate: row.postedDate ? row.postedDate.toISOString() : null,
});

/** The rated amounts (ten-thousandths) of each usage class; index USAGE_CLASS_COUNT holds records with no class. */
export const ratedByClass = (groups: readonly UsageGroupRow[]): number[] => {
  const rated = new Array<number>(USAGE_CLASS_COUNT + 1).fill(0);
  for (const group of groups) {
    const slot = group.usageClass ?? USAGE_CLASS_COUNT;
    rated[slot] = rated[slot]! + tenThousandthsOf(group.amount);
  }
  return rated;
};

/** What the records bill: each usage class's charge rounded to the cent on its own, as the invoice's lines. */
export const billedCents = (groups: readonly UsageGroupRow[]): number =>
  ratedByClass(groups).reduce((sum, rated) => sum + usageChargeCents(rated), 0);

export const presentUsageTotals = (groups: readonly UsageGroupRow[]): UsageTotals => ({
  count: groups.reduce((n, g) => n + g.count, 0),
  durationSeconds: groups.reduce((n, g) => n + g.durationSeconds, 0),
  dataKb: groups.reduce((n, g) => n + g.dataKb, 0),
  amount: money(billedCents(groups)),
});

/** One entry per billing day that has records, oldest first (the groups come sorted by day). */
export const presentUsageDays = (groups: readonly UsageGroupRow[]): UsageDay[] => {
  const days: UsageDay[] = [];
  for (const group of groups) {
    let day = days.at(-1);
    if (day?.day !== group.day) {
      day = { day: group.day, voiceCount: 0, voiceSeconds: 0, smsCount: 0, dataCount: 0, dataKb: 0 };
      days.push(day);
    }
    if (group.kind === 'voice') {
      day.voiceCount += group.count;
      day.voiceSeconds += group.durationSeconds;
    } else if (group.kind === 'sms') {
      day.smsCount += group.count;
    } else {
      day.dataCount += group.count;
      day.dataKb += group.dataKb;
    }
  }
  return days;
};

export const presentUsageRecords = (
  rows: readonly UsageRecordRow[],
  groups: readonly UsageGroupRow[],
  withCount: boolean,
  currency: CurrencyCode,
): UsageRecords => {
  const totals = presentUsageTotals(groups);
  return {
    value: rows.map(presentUsageRecord),
    ...(withCount ? { count: totals.count } : {}),
    totals,
    daily: presentUsageDays(groups),
    currency,
  };
};
