/**
 * One record of a usage batch (an NDJSON line or a CSV row), checked by one pure rule for both
 * formats: a batch has millions of them, so the rule is written out rather than a schema parse.
 * CSV gives every field as text ('' for none); NDJSON may give numbers, null or leave fields out.
 */
import { CDR_TYPES, USAGE_CLASS_NAMES } from './invoices';
import { textProblem } from './text';
import { CDR_DIRECTIONS } from './usage';

/** The columns of a CSV batch (its header row) and the fields of an NDJSON line; names fixed. */
export const USAGE_BATCH_FIELDS = [
  'recordId',
  'accountExternalId',
  'startedAt',
  'kind',
  'direction',
  'fromNumber',
  'toNumber',
  'durationSeconds',
  'dataKb',
  'description',
  'amount',
  'invoiceExternalId',
  'ratingClass',
] as const;
export type UsageBatchField = (typeof USAGE_BATCH_FIELDS)[number];

/** Fields a record must have (a CSV header must name them). */
export const USAGE_BATCH_REQUIRED: readonly UsageBatchField[] = [
  'recordId',
  'accountExternalId',
  'startedAt',
  'kind',
  'direction',
  'fromNumber',
  'description',
  'amount',
];

export const USAGE_BATCH_TEXT_MAX = 64;
export const USAGE_DESCRIPTION_MAX = 200;
/** cdrs.amount is numeric(12, 4): rated amounts to the ten-thousandth. */
const AMOUNT = /^\d{1,8}(\.\d{1,4})?$/;
const E164 = /^\+[1-9]\d{1,14}$/;
// An instant with its offset, to the second at least ("2026-11-03T09:15:00Z", "…:00.250-05:00").
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const EXTERNAL_ID = /^[^/\s]+$/;
// A record is one line: no tab or line break either (they would also break COPY's text format).
const LINE_BREAK = /[\t\n\r]/;
const MAX_COUNT = 2_147_483_647;

/** A valid record, as it is staged. */
export interface UsageBatchRecord {
  recordId: string;
  accountExternalId: string;
  /** ISO 8601, as given (PostgreSQL reads the offset). */
  startedAt: string;
  kind: (typeof CDR_TYPES)[number];
  direction: (typeof CDR_DIRECTIONS)[number];
  fromNumber: string;
  toNumber: string | null;
  durationSeconds: number;
  dataKb: number;
  description: string;
  amount: string;
  invoiceExternalId: string | null;
  /** Index of the rating class in `USAGE_CLASS_NAMES`; null when the plan includes the record. */
  usageClass: number | null;
}

export type UsageBatchCheck = { record: UsageBatchRecord; error?: undefined } | { error: string; record?: undefined };

const absent = (value: unknown) => value === undefined || value === null || value === '';

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const problemOfText = (name: string, value: string, max: number): string | null => {
  if (value.length > max) return `${name} must be at most ${max} characters`;
  if (LINE_BREAK.test(value)) return `${name} may not contain tabs or line breaks`;
  const problem = textProblem(value);
  return problem ? `${name}: ${problem}` : null;
};

const externalIdProblem = (name: string, value: unknown): string | null => {
  const text = textOf(value);
  if (text === null || text === '') return `${name} is required`;
  if (!EXTERNAL_ID.test(text)) return `${name} may not contain spaces or slashes`;
  return problemOfText(name, text, USAGE_BATCH_TEXT_MAX);
};

/** A count (seconds, KB): a whole number ≥ 0, from a JSON number or CSV digits; absent is 0. */
const countOf = (value: unknown): number | null => {
  if (absent(value)) return 0;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_COUNT ? n : null;
};

/**
 * The ms since the epoch of an ISO 8601 instant with its offset, or NaN when it is not one or names no
 * calendar day or time: Date.parse rolls 2026-02-30 over into March, which PostgreSQL refuses.
 */
export const usageInstantMs = (value: string): number => {
  if (!INSTANT.test(value)) return NaN;
  const [year, month, day, hour, minute, second] = [0, 5, 8, 11, 14, 17].map((at) => Number(value.slice(at, at + (at === 0 ? 4 : 2))));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour! > 23 || minute! > 59 || second! > 59) return NaN;
  return Date.parse(value);
};

const isInstant = (value: string) => !Number.isNaN(usageInstantMs(value));

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

/** The record of one line's fields, or the first thing wrong with it (named by its field). */
export const checkUsageBatchRecord = (fields: Readonly<Record<string, unknown>>): UsageBatchCheck => {
  const fail = (error: string): UsageBatchCheck => ({ error });
  const recordIdProblem = externalIdProblem('recordId', fields.recordId);
  if (recordIdProblem) return fail(recordIdProblem);
  const accountProblem = externalIdProblem('accountExternalId', fields.accountExternalId);
  if (accountProblem) return fail(accountProblem);
  const startedAt = textOf(fields.startedAt);
  if (startedAt === null || !isInstant(startedAt)) return fail('startedAt must be an ISO 8601 date and time with its offset');
  const { kind, direction } = fields;
  if (!oneOf(CDR_TYPES, kind)) return fail("kind must be 'voice', 'sms' or 'data'");
  if (!oneOf(CDR_DIRECTIONS, direction)) return fail("direction must be 'outgoing' or 'incoming'");
  const fromNumber = textOf(fields.fromNumber);
  if (fromNumber === null || !E164.test(fromNumber)) return fail('fromNumber must be an E.164 number (+ and up to 15 digits)');
  const toNumber = absent(fields.toNumber) ? null : textOf(fields.toNumber);
  if (toNumber !== null && !E164.test(toNumber)) return fail('toNumber must be an E.164 number (+ and up to 15 digits)');
  if (toNumber === null && kind !== 'data') return fail('toNumber is required for calls and texts');
  const durationSeconds = countOf(fields.durationSeconds);
  if (durationSeconds === null) return fail('durationSeconds must be a whole number of 0 or more');
  const dataKb = countOf(fields.dataKb);
  if (dataKb === null) return fail('dataKb must be a whole number of 0 or more');
  const description = textOf(fields.description);
  if (description === null || description.trim() === '') return fail('description is required');
  const descriptionProblem = problemOfText('description', description, USAGE_DESCRIPTION_MAX);
  if (descriptionProblem) return fail(descriptionProblem);
  const amount = textOf(fields.amount);
  if (amount === null || !AMOUNT.test(amount)) return fail('amount must be a decimal string of 0 or more with at most 4 decimals (e.g. "0.2500")');
  let invoiceExternalId: string | null = null;
  if (!absent(fields.invoiceExternalId)) {
    const invoiceProblem = externalIdProblem('invoiceExternalId', fields.invoiceExternalId);
    if (invoiceProblem) return fail(invoiceProblem);
    invoiceExternalId = fields.invoiceExternalId as string;
  }
  let usageClass: number | null = null;
  if (!absent(fields.ratingClass)) {
    if (!oneOf(USAGE_CLASS_NAMES, fields.ratingClass)) return fail(`ratingClass must be one of ${USAGE_CLASS_NAMES.join(', ')}`);
    usageClass = USAGE_CLASS_NAMES.indexOf(fields.ratingClass);
  }
  return {
    record: {
      recordId: fields.recordId as string,
      accountExternalId: fields.accountExternalId as string,
      startedAt,
      kind,
      direction,
      fromNumber,
      toNumber,
      durationSeconds,
      dataKb,
      description,
      amount,
      invoiceExternalId,
      usageClass,
    },
  };
};
