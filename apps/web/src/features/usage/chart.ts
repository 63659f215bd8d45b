/** The daily chart's geometry (pure): every day of the range, and stacked bar segments scaled to the busiest day. */
import type { UsageDay } from '@portal/contract';

const DAY_MS = 86_400_000;
/** Longest range drawn day by day; a longer one is drawn over its last this-many days. */
export const CHART_MAX_DAYS = 366;

const EMPTY = { voiceCount: 0, voiceSeconds: 0, smsCount: 0, dataCount: 0, dataKb: 0 };

/** Each billing day from `from` to `to` (UTC), with its usage or zeros. */
export const chartDays = (days: readonly UsageDay[], from: string, to: string): UsageDay[] => {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const end = Date.parse(`${to}T00:00:00Z`);
  const start = Math.max(Date.parse(`${from}T00:00:00Z`), end - (CHART_MAX_DAYS - 1) * DAY_MS);
  const result: UsageDay[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    result.push(byDay.get(day) ?? { day, ...EMPTY });
  }
  return result;
};

export type SeriesKey = 'voiceCount' | 'smsCount' | 'dataCount';
const KEYS: readonly SeriesKey[] = ['voiceCount', 'smsCount', 'dataCount'];

export interface Bar {
  day: string;
  index: number;
  segments: { key: SeriesKey; value: number; y: number; height: number }[];
}

/** Stacked segments (voice at the bottom), heights in `height` units where the busiest day fills it. */
export const chartBars = (days: readonly UsageDay[], height: number): { bars: Bar[]; max: number } => {
  const max = Math.max(0, ...days.map((d) => d.voiceCount + d.smsCount + d.dataCount));
  const bars = days.map((d, index) => {
    let top = height;
    const segments = KEYS.filter((key) => d[key] > 0).map((key) => {
      const h = max === 0 ? 0 : (d[key] / max) * height;
      top -= h;
      return { key, value: d[key], y: top, height: h };
    });
    return { day: d.day, index, segments };
  });
  return { bars, max };
};
