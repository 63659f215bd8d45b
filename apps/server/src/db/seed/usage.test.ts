import { describe, expect, it } from 'vitest';
import { dayIn } from '@portal/contract';
import { DAY_SECONDS, dayFromYmd } from './calendar';
import { PLANS, USAGE_CLASS_COUNT, USAGE_RATES, UsageClass, placeNamed } from './catalog';
import { usageProfileFor } from './account-spec';
import { UsageMemory, UsageTotals, generateUsage, type Cdr, type UsageProfile, type UsageWindow } from './usage';

const toronto = placeNamed('Toronto');
const profile = (overrides: Partial<UsageProfile> = {}): UsageProfile => ({
  ...usageProfileFor(toronto, PLANS.talkText150, ['+14165550134'], 'English', {
    internationalShare: 0.05,
    crossBorderShare: 0.08,
    roamingChance: 0.5,
  }),
  ...overrides,
});
const may2025: UsageWindow = { firstDay: dayFromYmd(2025, 5, 1), days: 31, count: 120, seed: 1234 };
// Toronto in May 2025: EDT, four hours behind UTC.
const mayStart = Date.parse('2025-05-01T04:00:00Z') / 1000;

const collect = (p: UsageProfile, w: UsageWindow): Cdr[] => {
  const records: Cdr[] = [];
  generateUsage(p, w, (cdr) => records.push({ ...cdr }));
  return records;
};
const totalsOf = (records: readonly Cdr[]) => {
  const totals = new UsageTotals();
  for (const cdr of records) totals.add(cdr);
  return totals;
};

describe('generateUsage', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(collect(profile(), may2025)).toEqual(collect(profile(), may2025));
    expect(collect(profile(), { ...may2025, seed: 99 })).not.toEqual(collect(profile(), may2025));
  });

  it('makes the requested number of records, in time order, inside the period', () => {
    const records = collect(profile(), may2025);
    expect(records).toHaveLength(120);
    const end = Date.parse('2025-06-01T04:00:00Z') / 1000;
    records.forEach((cdr, i) => {
      expect(cdr.startedAt).toBeGreaterThanOrEqual(mayStart);
      expect(cdr.startedAt).toBeLessThan(end);
      if (i > 0) expect(cdr.startedAt).toBeGreaterThanOrEqual(records[i - 1]!.startedAt);
    });
  });

  it.each(['America/Vancouver', 'Europe/Paris', 'America/St_Johns'])(
    'places every record on a day of the month in the account’s zone (%s), its DST change day too',
    (timeZone) => {
      const march = { firstDay: dayFromYmd(2025, 3, 1), days: 31, count: 3000, seed: 77 };
      const days = new Set(collect(profile({ timeZone }), march).map((cdr) => dayIn(timeZone, cdr.startedAt * 1000)));
      expect([...days].every((day) => day.startsWith('2025-03-'))).toBe(true);
      // Both DST changes of 2025 in March (North America on the 9th, Europe on the 30th) have calls.
      expect(days.has('2025-03-09') && days.has('2025-03-30')).toBe(true);
      expect(days.size).toBe(31);
    },
  );

  it('keeps the month in progress before now', () => {
    const span = 3 * DAY_SECONDS + 123;
    const records = collect(profile(), { ...may2025, spanSeconds: span, count: 30 });
    expect(Math.max(...records.map((c) => c.startedAt))).toBeLessThan(mayStart + span);
  });

  it('writes plausible records: E.164 numbers, durations for calls, kilobytes for data', () => {
    for (const cdr of collect(profile(), may2025)) {
      expect(cdr.fromNumber).toBe('+14165550134');
      if (cdr.kind === 'data') {
        expect(cdr.toNumber).toBeNull();
        expect(cdr.dataKb).toBeGreaterThan(0);
      } else {
        expect(cdr.toNumber).toMatch(/^\+(1\d{10}|44\d{10}|33\d{9})$/);
        expect(cdr.dataKb).toBe(0);
      }
      if (cdr.kind === 'voice') expect(cdr.durationSeconds).toBeGreaterThanOrEqual(10);
      if (cdr.kind === 'sms') expect(cdr.durationSeconds).toBe(0);
      expect(cdr.amount).toBe(cdr.usageClass < 0 ? 0 : cdr.units * USAGE_RATES[cdr.usageClass]!);
    }
  });

  it('charges domestic minutes only beyond the plan allowance', () => {
    const records = collect(profile({ roamingChance: 0, internationalShare: 0, crossBorderShare: 0 }), {
      ...may2025,
      count: 200,
    });
    const domesticMinutes = records
      .filter((c) => c.kind === 'voice')
      .reduce((sum, c) => sum + Math.ceil(c.durationSeconds / 60), 0);
    const overage = totalsOf(records).units[UsageClass.VoiceOverage]!;
    expect(domesticMinutes).toBeGreaterThan(150);
    expect(overage).toBe(domesticMinutes - 150);
    // Nothing is charged before the allowance runs out.
    const firstCharged = records.findIndex((c) => c.usageClass === UsageClass.VoiceOverage);
    const before = records
      .slice(0, firstCharged)
      .filter((c) => c.kind === 'voice')
      .reduce((sum, c) => sum + Math.ceil(c.durationSeconds / 60), 0);
    expect(before).toBeLessThanOrEqual(150);
  });

  it('costs the same whatever the month length: only the times move', () => {
    const june = { ...may2025, firstDay: dayFromYmd(2025, 6, 1), days: 30 };
    const february = { ...may2025, firstDay: dayFromYmd(2025, 2, 1), days: 28 };
    const strip = (records: Cdr[]) => records.map(({ startedAt: _startedAt, ...rest }) => rest);
    expect(strip(collect(profile(), june))).toEqual(strip(collect(profile(), may2025)));
    expect(strip(collect(profile(), february))).toEqual(strip(collect(profile(), may2025)));
  });

  it('describes calls in French for French accounts', () => {
    const french = collect(profile({ language: 'French' }), may2025);
    expect(french.some((c) => c.description.startsWith('Appel local vers'))).toBe(true);
    expect(french.some((c) => c.description === 'Message texte')).toBe(true);
  });
});

describe('UsageMemory', () => {
  it('gives back the totals it was given, by invoice id, and nothing for unknown invoices', () => {
    const memory = new UsageMemory(1000);
    const totals = totalsOf(collect(profile(), may2025));
    memory.store(1000, totals);
    memory.store(5000, totals); // beyond the first allocation: grows
    expect(memory.get(1000)).toEqual(totals);
    expect(memory.get(5000)).toEqual(totals);
    expect(memory.get(1001)).toBeNull();
    expect(memory.get(999)).toBeNull();
    expect(memory.get(1_000_000)).toBeNull();
    expect(totals.units).toHaveLength(USAGE_CLASS_COUNT);
  });
});
