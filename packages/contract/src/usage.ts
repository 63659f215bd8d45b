/**
 * Usage: the This period summary of an account's usage against its plan with an
 * estimate of the next bill, and the explorer of its call detail records — filtered, sorted, paged,
 * totalled and exported as CSV.
 *
 * Days (`from`, `to`, the daily series) are billing days: the calendar days the invoices' periods
 * state, counted in UTC as the rating counts them, so a whole period's records are exactly the
 * records its invoice billed.
 */
import { z } from 'zod';
import { CDR_TYPES } from './invoices';
import { ExternalIdSchema } from './accounts';
import { CurrencyCodeSchema, ErrorResponseSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema, PagedQuerySchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const CDR_DIRECTIONS = ['outgoing', 'incoming'] as const;
export type CdrDirection = (typeof CDR_DIRECTIONS)[number];
export type CdrType = (typeof CDR_TYPES)[number];

/** The explorer's columns, by the names `orderby` takes. */
export const USAGE_SORT_FIELDS = [
  'StartedAt',
  'Type',
  'Direction',
  'From',
  'To',
  'Duration',
  'Data',
  'Description',
  'Amount',
] as const;
export type UsageSortField = (typeof USAGE_SORT_FIELDS)[number];

/** Rows per explorer page at most (the screen shows 25). */
export const USAGE_MAX_TAKE = 200;
export const USAGE_PAGE_SIZE = 25;
/** Longest number fragment searched for. */
export const USAGE_NUMBER_MAX = 32;

const booleanText = builtOnFirstUse(() =>
  z.enum(['true', 'false'], { error: "Must be 'true' or 'false'" }).transform((v) => v === 'true'),
);

/** The explorer's filters, shared by the page and the export. */
const filterShape = {
  from: builtOnFirstUse(() => IsoDateSchema.optional()),
  to: builtOnFirstUse(() => IsoDateSchema.optional()),
  type: builtOnFirstUse(() => z.enum(CDR_TYPES, { error: "type must be 'voice', 'sms' or 'data'" }).optional()),
  direction: builtOnFirstUse(() => z.enum(CDR_DIRECTIONS, { error: "direction must be 'outgoing' or 'incoming'" }).optional()),
  /** Part of either number, in any format: its digits are matched ("416 555-01" finds +14165550134). */
  number: builtOnFirstUse(() =>
    textSchema()
      .trim()
      .max(USAGE_NUMBER_MAX, `number must be at most ${USAGE_NUMBER_MAX} characters`)
      .refine((v) => /\d/.test(v), 'number must contain a digit')
      .optional(),
  ),
  roaming: builtOnFirstUse(() => booleanText.optional()),
  /** Records rated at this amount or more. */
  minAmount: builtOnFirstUse(() => MoneySchema.refine((v) => v >= 0, 'minAmount must be 0 or more').optional()),
};

const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const RANGE_ERROR = { message: 'from must be on or before to', path: ['to'] };

export const UsageFilterQuerySchema = builtOnFirstUse(() => z.object(filterShape).refine(rangeInOrder, RANGE_ERROR));
export type UsageFilterQuery = z.input<typeof UsageFilterQuerySchema>;
export type UsageFilter = z.output<typeof UsageFilterQuerySchema>;

/** Filters plus the portal's paging: `orderby` over `USAGE_SORT_FIELDS`, `skip`/`take` (≤ 200), `count=true`. */
export const UsageRecordsQuerySchema = builtOnFirstUse(() =>
  z
    .object({
      ...filterShape,
      ...PagedQuerySchema.pick({ orderby: true, skip: true, count: true }).shape,
      take: z.coerce
        .number()
        .int()
        .min(1, 'take must be at least 1')
        .max(USAGE_MAX_TAKE, `take must be at most ${USAGE_MAX_TAKE}`)
        .default(USAGE_PAGE_SIZE),
    })
    .refine(rangeInOrder, RANGE_ERROR),
);
export type UsageRecordsQuery = z.input<typeof UsageRecordsQuerySchema>;

/** A rated amount as stored, to the ten-thousandth ("0.2500"): exact decimal text. */
export const RatedAmountSchema = builtOnFirstUse(() => z.string().regex(/^-?\d+\.\d{4}$/));

export const UsageRecordSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    type: z.enum(CDR_TYPES),
    direction: z.enum(CDR_DIRECTIONS),
    startedAt: IsoDateTimeSchema,
    fromNumber: z.string(),
    toNumber: z.string().nullable(),
    durationSeconds: z.number().int(),
    dataKb: z.number().int(),
    description: z.string(),
    roaming: z.boolean(),
    amount: RatedAmountSchema,
    /**
     * The invoice that bills (or will bill) the record; `postedDate` null while its period is open.
     * Both null for a record the provider loaded before billing it.
     */
    invoiceId: IdSchema.nullable(),
    postedDate: IsoDateTimeSchema.nullable(),
  }),
);
export type UsageRecord = z.infer<typeof UsageRecordSchema>;

/** Totals of the whole filtered set; `amount` is what those records bill (each usage charge rounded to the cent). */
export const UsageTotalsSchema = builtOnFirstUse(() =>
  z.object({
    count: z.number().int(),
    durationSeconds: z.number().int(),
    dataKb: z.number().int(),
    amount: MoneySchema,
  }),
);
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

/** One billing day of the filtered set, by type: the daily chart. */
export const UsageDaySchema = builtOnFirstUse(() =>
  z.object({
    day: IsoDateSchema,
    voiceCount: z.number().int(),
    voiceSeconds: z.number().int(),
    smsCount: z.number().int(),
    dataCount: z.number().int(),
    dataKb: z.number().int(),
  }),
);
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageRecordsSchema = builtOnFirstUse(() =>
  z.object({
    value: z.array(UsageRecordSchema),
    count: z.number().int().optional(),
    totals: UsageTotalsSchema,
    /** Days of the filtered set that have records, oldest first. */
    daily: z.array(UsageDaySchema),
    currency: CurrencyCodeSchema,
  }),
);
export type UsageRecords = z.infer<typeof UsageRecordsSchema>;

/** Used against included; `included` null = unlimited. */
export const AllowanceSchema = builtOnFirstUse(() => z.object({ used: z.number().int(), included: z.number().int().nullable() }));
export type Allowance = z.infer<typeof AllowanceSchema>;

export const UsageSummarySchema = builtOnFirstUse(() =>
  z.object({
    /** The current unbilled period (its first and last billing day). */
    period: z.object({ start: IsoDateSchema, end: IsoDateSchema }),
    asOf: IsoDateTimeSchema,
    /** How far back call records go: kept `months` (USAGE_RETENTION_MONTHS), surely from the day `from` on. */
    recordsKept: z.object({ months: z.number().int(), from: IsoDateSchema }),
    currency: CurrencyCodeSchema,
    /** The plan billed, as its invoice line names it; null when the account has none. */
    plan: z.object({ name: z.string(), lines: z.number().int() }).nullable(),
    allowances: z.object({ voiceMinutes: AllowanceSchema, textMessages: AllowanceSchema, dataMb: AllowanceSchema }),
    /** Usage beyond the plan's minutes and data so far. */
    overage: MoneySchema,
    /** Calls, texts and data abroad so far. */
    roaming: MoneySchema,
    /** Long distance and international usage so far. */
    otherUsage: MoneySchema,
    /** The next bill by the rules that rate the invoices: plan + usage charges + taxes on their sum. */
    estimate: z.object({
      plan: MoneySchema,
      usage: MoneySchema,
      subtotal: MoneySchema,
      taxes: z.array(z.object({ code: z.string(), description: z.string(), amount: MoneySchema })),
      total: MoneySchema,
      /** False when the billing address's tax rules are unknown: the total leaves taxes out. */
      taxesIncluded: z.boolean(),
    }),
  }),
);
export type UsageSummary = z.infer<typeof UsageSummarySchema>;

/** The first bad lines a refused batch names. */
export const USAGE_BATCH_MAX_REJECTED = 1000;

export const UsageBatchParamsSchema = builtOnFirstUse(() => z.object({ batchId: ExternalIdSchema }));

const rejectedLines = () => z.array(z.object({ line: z.number().int(), error: z.string() }));

/** A loaded batch: records inserted, records whose `recordId` was loaded before (or twice in it). */
export const UsageBatchResultSchema = builtOnFirstUse(() =>
  z.object({ loaded: z.number().int(), duplicates: z.number().int(), rejected: rejectedLines() }),
);
export type UsageBatchResult = z.infer<typeof UsageBatchResultSchema>;

/** Errors of the batch call; a refused batch (422) also says which lines (numbered from 1, a CSV header is line 1) and why. */
export const UsageBatchErrorSchema = builtOnFirstUse(() =>
  ErrorResponseSchema.extend({
    loaded: z.number().int().optional(),
    duplicates: z.number().int().optional(),
    rejected: rejectedLines().optional(),
  }),
);
