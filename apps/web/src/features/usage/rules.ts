/**
 * The explorer's state in the URL (filters, sort, page) and what it asks the server for, and the
 * small rules the screen shows usage with. Pure.
 */
import {
  CDR_DIRECTIONS,
  CDR_TYPES,
  monthIn,
  USAGE_PAGE_SIZE,
  USAGE_SORT_FIELDS,
  type Allowance,
  type UsageFilterQuery,
  type UsageRecordsQuery,
  type UsageSortField,
} from '@portal/contract';

export type UsageType = (typeof CDR_TYPES)[number];
export type UsageDirection = (typeof CDR_DIRECTIONS)[number];

export interface UsageFilters {
  from: string;
  to: string;
  type: UsageType | '';
  direction: UsageDirection | '';
  number: string;
  roaming: 'true' | 'false' | '';
  minAmount: string;
}

export interface UsageState extends UsageFilters {
  sort: UsageSortField;
  descending: boolean;
  page: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;


/** The calendar month containing `now` in the account's zone (whose days the explorer counts): its default range. */
export const currentPeriod = (now: Date, timeZone: string): { from: string; to: string } => {
  const { start, end } = monthIn(timeZone, now);
  return { from: start, to: end };
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** The state a URL describes; anything missing or malformed falls back to the current period, newest first. */
export const readUsageState = (params: URLSearchParams, now: Date, timeZone: string): UsageState => {
  const period = currentPeriod(now, timeZone);
  const day = (key: string, fallback: string) => {
    const value = params.get(key) ?? '';
    return ISO_DAY.test(value) ? value : fallback;
  };
  const sort = oneOf(USAGE_SORT_FIELDS, params.get('sort')) || 'StartedAt';
  const page = Number(params.get('page'));
  return {
    from: day('from', period.from),
    to: day('to', period.to),
    type: oneOf(CDR_TYPES, params.get('type')),
    direction: oneOf(CDR_DIRECTIONS, params.get('direction')),
    number: params.get('number') ?? '',
    roaming: oneOf(['true', 'false'] as const, params.get('roaming')),
    minAmount: AMOUNT.test(params.get('minAmount') ?? '') ? params.get('minAmount')! : '',
    sort,
    descending: params.has('sort') ? params.get('dir') !== 'asc' : true,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

/** The URL of a state: only what differs from the defaults, so the plain /usage link stays clean. */
export const usageStateParams = (state: UsageState, now: Date, timeZone: string): URLSearchParams => {
  const period = currentPeriod(now, timeZone);
  const params = new URLSearchParams();
  if (state.from !== period.from) params.set('from', state.from);
  if (state.to !== period.to) params.set('to', state.to);
  for (const key of ['type', 'direction', 'number', 'roaming', 'minAmount'] as const) {
    const value = state[key].trim();
    if (value) params.set(key, value);
  }
  if (state.sort !== 'StartedAt' || !state.descending) {
    params.set('sort', state.sort);
    params.set('dir', state.descending ? 'desc' : 'asc');
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
};

/** The filters as the server takes them (the page's and the export's), empty ones left out. */
export const usageFilterQuery = (filters: UsageFilters): UsageFilterQuery => {
  const query: Record<string, string> = { from: filters.from, to: filters.to };
  for (const key of ['type', 'direction', 'number', 'roaming', 'minAmount'] as const) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query as UsageFilterQuery;
};

export const usageRecordsQuery = (state: UsageState): UsageRecordsQuery => ({
  ...usageFilterQuery(state),
  orderby: `${state.sort} ${state.descending ? 'desc' : 'asc'}`,
  skip: (state.page - 1) * USAGE_PAGE_SIZE,
  take: USAGE_PAGE_SIZE,
  count: 'true',
});

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / USAGE_PAGE_SIZE));

/** Clicking a column: the same column flips its direction; another starts descending for numbers and time, ascending for text. */
export const nextSort = (state: Pick<UsageState, 'sort' | 'descending'>, field: UsageSortField) =>
  state.sort === field
    ? { sort: field, descending: !state.descending }
    : { sort: field, descending: ['StartedAt', 'Duration', 'Data', 'Amount'].includes(field) };

export type FilterProblem = 'dateRequired' | 'fromAfterTo' | 'numberDigits' | 'amountInvalid';

/** What is wrong with the filters typed, by field (nothing is asked of the server until it is fixed). */
export const filterProblems = (filters: UsageFilters): Partial<Record<keyof UsageFilters, FilterProblem>> => {
  const problems: Partial<Record<keyof UsageFilters, FilterProblem>> = {};
  if (!ISO_DAY.test(filters.from)) problems.from = 'dateRequired';
  if (!ISO_DAY.test(filters.to)) problems.to = 'dateRequired';
  else if (ISO_DAY.test(filters.from) && filters.from > filters.to) problems.to = 'fromAfterTo';
  if (filters.number.trim() && !/\d/.test(filters.number)) problems.number = 'numberDigits';
  if (filters.minAmount.trim() && !AMOUNT.test(filters.minAmount.trim())) problems.minAmount = 'amountInvalid';
  return problems;
};

/** How full an allowance is, 0–100 (capped), or null when it is unlimited. */
export const allowancePercent = (allowance: Allowance): number | null => {
  if (allowance.included === null) return null;
  if (allowance.included <= 0) return allowance.used > 0 ? 100 : 0;
  return Math.min(100, Math.round((allowance.used / allowance.included) * 100));
};

export const isOverAllowance = (allowance: Allowance): boolean => allowance.included !== null && allowance.used > allowance.included;

export type DurationParts = { unit: 'seconds'; s: number } | { unit: 'minutesSeconds'; m: number; s: number } | { unit: 'hoursMinutes'; h: number; m: number };

export const durationParts = (seconds: number): DurationParts => {
  if (seconds < 60) return { unit: 'seconds', s: seconds };
  if (seconds < 3600) return { unit: 'minutesSeconds', m: Math.floor(seconds / 60), s: seconds % 60 };
  return { unit: 'hoursMinutes', h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) };
};

export type DataParts = { unit: 'kb' | 'mb' | 'gb'; value: number };

/** Data in the largest unit that keeps it at 1 or more (1 MB = 1024 KB, as the plans count), one decimal above KB. */
export const dataParts = (kb: number): DataParts => {
  if (kb < 1024) return { unit: 'kb', value: kb };
  if (kb < 1024 * 1024) return { unit: 'mb', value: Math.round((kb / 1024) * 10) / 10 };
  return { unit: 'gb', value: Math.round((kb / 1024 / 1024) * 10) / 10 };
};

export const dataFromMb = (mb: number): DataParts => dataParts(mb * 1024);

/** Why an export failed, as the screen says it: too many downloads under way (429, 503: try again later), or anything else. */
export const exportProblem = (status: number | undefined): 'busy' | 'failed' => (status === 429 || status === 503 ? 'busy' : 'failed');
