import { describe, expect, it } from 'vitest';
import { chartBars, chartDays, CHART_MAX_DAYS } from './chart';
import {
  allowancePercent,
  currentPeriod,
  dataParts,
  durationParts,
  exportProblem,
  filterProblems,
  isOverAllowance,
  nextSort,
  pageCount,
  readUsageState,
  usageFilterQuery,
  usageRecordsQuery,
  usageStateParams,
  type UsageFilters,
} from './rules';

const NOW = new Date('2025-02-14T23:30:00Z');
const ZONE = 'America/Toronto';
const FILTERS: UsageFilters = { from: '2025-02-01', to: '2025-02-28', type: '', direction: '', number: '', roaming: '', minAmount: '' };

describe('the URL state', () => {
  it('defaults to the month of now in the account’s zone, newest first, page 1', () => {
    expect(currentPeriod(new Date('2024-02-10T00:00:00Z'), ZONE)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(readUsageState(new URLSearchParams(), NOW, ZONE)).toEqual({ ...FILTERS, sort: 'StartedAt', descending: true, page: 1 });
    expect(usageStateParams(readUsageState(new URLSearchParams(), NOW, ZONE), NOW, ZONE).toString()).toBe('');
  });

  it.each([
    // 03:30 UTC on Mar 1 is still February in Toronto and Vancouver, March in UTC and in Paris.
    ['America/Toronto', { from: '2025-02-01', to: '2025-02-28' }],
    ['America/Vancouver', { from: '2025-02-01', to: '2025-02-28' }],
    ['UTC', { from: '2025-03-01', to: '2025-03-31' }],
    ['Europe/Paris', { from: '2025-03-01', to: '2025-03-31' }],
  ])('takes the month of now in %s', (zone, period) => {
    expect(currentPeriod(new Date('2025-03-01T03:30:00Z'), zone)).toEqual(period);
  });

  it('round-trips every filter, the sort and the page', () => {
    const text = 'from=2025-01-01&to=2025-01-31&type=sms&direction=outgoing&number=416+555&roaming=false&minAmount=0.5&sort=Amount&dir=asc&page=3';
    const state = readUsageState(new URLSearchParams(text), NOW, ZONE);
    expect(state).toEqual({ from: '2025-01-01', to: '2025-01-31', type: 'sms', direction: 'outgoing', number: '416 555', roaming: 'false', minAmount: '0.5', sort: 'Amount', descending: false, page: 3 });
    expect(usageStateParams(state, NOW, ZONE).toString()).toBe(text);
  });

  it.each([
    ['from=2025-13', 'from', '2025-02-01'],
    ['type=fax', 'type', ''],
    ['roaming=maybe', 'roaming', ''],
    ['minAmount=abc', 'minAmount', ''],
    ['sort=Secret', 'sort', 'StartedAt'],
    ['page=-2', 'page', 1],
  ])('ignores a malformed %s', (text, key, value) => {
    expect(readUsageState(new URLSearchParams(text), NOW, ZONE)[key as 'from']).toBe(value);
  });
});

describe('what the server is asked', () => {
  it('leaves empty filters out, and pages 25 at a time with the count', () => {
    expect(usageFilterQuery({ ...FILTERS, number: ' 416 ', roaming: 'true' })).toEqual({ from: '2025-02-01', to: '2025-02-28', number: '416', roaming: 'true' });
    expect(usageRecordsQuery({ ...FILTERS, sort: 'Duration', descending: false, page: 2 })).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
      orderby: 'Duration asc',
      skip: 25,
      take: 25,
      count: 'true',
    });
    expect([pageCount(0), pageCount(25), pageCount(26)]).toEqual([1, 1, 2]);
  });

  it('flips the direction of the same column, starts numbers descending and text ascending', () => {
    expect(nextSort({ sort: 'Amount', descending: true }, 'Amount')).toEqual({ sort: 'Amount', descending: false });
    expect(nextSort({ sort: 'Amount', descending: true }, 'Duration')).toEqual({ sort: 'Duration', descending: true });
    expect(nextSort({ sort: 'Amount', descending: true }, 'Description')).toEqual({ sort: 'Description', descending: false });
  });

  it.each([
    [{ from: '' }, { from: 'dateRequired' }],
    [{ from: '2025-03-01' }, { to: 'fromAfterTo' }],
    [{ number: 'abc' }, { number: 'numberDigits' }],
    [{ number: '(416)' }, {}],
    [{ minAmount: '-1' }, { minAmount: 'amountInvalid' }],
    [{ minAmount: '1.234' }, { minAmount: 'amountInvalid' }],
    [{ minAmount: '12.5' }, {}],
  ])('checks %o', (patch, problems) => {
    expect(filterProblems({ ...FILTERS, ...patch })).toEqual(problems);
  });
});

describe('allowances and units', () => {
  it.each([
    [{ used: 75, included: 150 }, 50, false],
    [{ used: 162, included: 150 }, 100, true],
    [{ used: 40, included: null }, null, false],
    [{ used: 0, included: 0 }, 0, false],
  ])('%o is %s %% full', (allowance, percent, over) => {
    expect(allowancePercent(allowance)).toBe(percent);
    expect(isOverAllowance(allowance)).toBe(over);
  });

  it.each([
    [59, { unit: 'seconds', s: 59 }],
    [245, { unit: 'minutesSeconds', m: 4, s: 5 }],
    [3960, { unit: 'hoursMinutes', h: 1, m: 6 }],
  ])('%i s', (seconds, parts) => expect(durationParts(seconds)).toEqual(parts));

  it.each([
    [512, { unit: 'kb', value: 512 }],
    [1536, { unit: 'mb', value: 1.5 }],
    [3 * 1024 * 1024, { unit: 'gb', value: 3 }],
  ])('%i KB', (kb, parts) => expect(dataParts(kb)).toEqual(parts));
});

describe('the daily chart', () => {
  const day = (d: string, voiceCount: number, smsCount: number, dataCount: number) => ({ day: d, voiceCount, voiceSeconds: 0, smsCount, dataCount, dataKb: 0 });

  it('has every day of the range, with zeros where nothing happened', () => {
    const days = chartDays([day('2025-02-02', 1, 0, 0)], '2025-02-01', '2025-02-03');
    expect(days.map((d) => [d.day, d.voiceCount])).toEqual([
      ['2025-02-01', 0],
      ['2025-02-02', 1],
      ['2025-02-03', 0],
    ]);
    expect(chartDays([], '2020-01-01', '2025-01-01')).toHaveLength(CHART_MAX_DAYS);
  });

  it('stacks voice, texts and data, the busiest day filling the height', () => {
    const { bars, max } = chartBars([day('2025-02-01', 2, 1, 1), day('2025-02-02', 0, 2, 0)], 100);
    expect(max).toBe(4);
    expect(bars[0]!.segments).toEqual([
      { key: 'voiceCount', value: 2, y: 50, height: 50 },
      { key: 'smsCount', value: 1, y: 25, height: 25 },
      { key: 'dataCount', value: 1, y: 0, height: 25 },
    ]);
    expect(bars[1]!.segments).toEqual([{ key: 'smsCount', value: 2, y: 50, height: 50 }]);
  });
});

describe('exportProblem', () => {
  it.each([
    [429, 'busy'],
    [503, 'busy'],
    [500, 'failed'],
    [404, 'failed'],
    [undefined, 'failed'],
  ] as const)('%s → %s', (status, problem) => {
    expect(exportProblem(status)).toBe(problem);
  });
});
