/**
 * Payment arrangements (docs/decisions/0034-payment-arrangements-and-policy.md): a customer with an overdue
 * balance splits it into instalments on dates inside the provider's payment policy's windows. The rules are
 * pure functions of the policy, the account's facts and "today" (`YYYY-MM-DD`), so they are tested on any clock.
 */
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { minorToDecimal, toMinor } from './money';
import { builtOnFirstUse } from './lazy-schema';

// ── The provider's payment policy ───────────────────────────────────────────────────────────

/** The provider's payment policy for one account type (the server's configuration, overridable per type). */
export interface PaymentPolicy {
  /** The most instalments an arrangement may have. */
  instalments: number;
  /** The first instalment falls within this many days of today… */
  firstInstalmentDays: number;
  /** …and is at least this percentage of the amount arranged. */
  firstInstalmentPercent: number;
  /** Every later instalment falls within this many days after the first. */
  restWithinDays: number;
  /** An account with more broken arrangements in the last 12 months than this may not arrange again. */
  maxBrokenArrangements: number;
  /** An account whose oldest overdue invoice is overdue longer than this may not arrange (support does). */
  maxOverdueDays: number;
  /** Whether customers may turn automatic payments off (false: the switch is locked on). */
  autopayOptional: boolean;
  /** The smallest payment a customer may make, as a decimal string (a payment of the whole balance is always allowed). */
  minimumPayment: string;
  /** Whether a payment may exceed the balance; the excess is a credit balance used by the next invoices. */
  allowOverpayment: boolean;
}

export const DEFAULT_PAYMENT_POLICY: PaymentPolicy = {
  instalments: 2,
  firstInstalmentDays: 5,
  firstInstalmentPercent: 50,
  restWithinDays: 15,
  maxBrokenArrangements: 1,
  maxOverdueDays: 60,
  autopayOptional: true,
  minimumPayment: '0.00',
  allowOverpayment: false,
};

const decimalText = () => z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount like 5 or 5.00').transform((v) => minorToDecimal(toMinor(v)));

/** The policy's fields as validated (a configuration error names the field). */
export const paymentPolicyShape = () => ({
  instalments: z.number().int().min(1).max(12),
  firstInstalmentDays: z.number().int().min(0).max(60),
  firstInstalmentPercent: z.number().int().min(1).max(100),
  restWithinDays: z.number().int().min(1).max(365),
  maxBrokenArrangements: z.number().int().min(0).max(12),
  maxOverdueDays: z.number().int().min(0).max(3650),
  autopayOptional: z.boolean(),
  minimumPayment: decimalText(),
  allowOverpayment: z.boolean(),
});

/** Overrides per account type (`{"Business": {"instalments": 3}}`): each type's fields replace the defaults'. */
export const PaymentPolicyOverridesSchema = builtOnFirstUse(() =>
  z.record(z.string().min(1), z.strictObject(paymentPolicyShape()).partial()),
);
export type PaymentPolicyOverrides = z.output<typeof PaymentPolicyOverridesSchema>;

/** The policy of an account type: the configured one with that type's overrides. */
export const policyForAccountType = (base: PaymentPolicy, overrides: PaymentPolicyOverrides, accountType: string): PaymentPolicy => ({
  ...base,
  ...overrides[accountType],
});

// ── Days ────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` plus `days` calendar days. */
export const addCalendarDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// ── Eligibility ─────────────────────────────────────────────────────────────────────────────

export const ARRANGEMENT_INELIGIBLE_REASONS = ['nothingOverdue', 'activeArrangement', 'tooManyBroken', 'overdueTooLong', 'closed'] as const;
export type ArrangementIneligibleReason = (typeof ARRANGEMENT_INELIGIBLE_REASONS)[number];

export interface EligibilityFacts {
  /** What is overdue today, in minor units. */
  overdueMinor: bigint;
  /** The due date of the oldest invoice overdue, null when none is. */
  overdueSince: string | null;
  hasActiveArrangement: boolean;
  /** Arrangements of the account broken in the 12 months before today. */
  brokenInLastYear: number;
  closed: boolean;
}

/** Whether the account may arrange to pay today, and if not the first reason why. */
export const arrangementEligibility = (
  policy: PaymentPolicy,
  facts: EligibilityFacts,
  today: string,
): { eligible: true } | { eligible: false; reason: ArrangementIneligibleReason } => {
  if (facts.closed) return { eligible: false, reason: 'closed' };
  if (facts.overdueMinor <= 0n || facts.overdueSince === null) return { eligible: false, reason: 'nothingOverdue' };
  if (facts.hasActiveArrangement) return { eligible: false, reason: 'activeArrangement' };
  if (facts.brokenInLastYear > policy.maxBrokenArrangements) return { eligible: false, reason: 'tooManyBroken' };
  if (daysBetween(facts.overdueSince, today) > policy.maxOverdueDays) return { eligible: false, reason: 'overdueTooLong' };
  return { eligible: true };
};

// ── Windows ─────────────────────────────────────────────────────────────────────────────────

export interface InstalmentWindows {
  maxInstalments: number;
  /** The first instalment's dates, inclusive. */
  first: { from: string; to: string };
  /** The least the first instalment may be, minor units (rounded up to the cent). */
  firstMinimumMinor: bigint;
  /** Later instalments fall after the first and at most this many days after it. */
  restWithinDays: number;
}

export const instalmentWindows = (policy: PaymentPolicy, amountMinor: bigint, today: string): InstalmentWindows => ({
  maxInstalments: policy.instalments,
  first: { from: today, to: addCalendarDays(today, policy.firstInstalmentDays) },
  firstMinimumMinor: (amountMinor * BigInt(policy.firstInstalmentPercent) + 99n) / 100n,
  restWithinDays: policy.restWithinDays,
});

export type InstalmentProblem =
  | { code: 'count'; max: number }
  | { code: 'sum'; expectedMinor: bigint }
  | { code: 'amount'; index: number }
  | { code: 'firstDate'; from: string; to: string }
  | { code: 'firstAmount'; minimumMinor: bigint }
  | { code: 'order'; index: number }
  | { code: 'laterDate'; index: number; to: string };

/** What is wrong with the instalments asked for (empty: they fit the windows and cover the amount exactly). */
export const instalmentProblems = (windows: InstalmentWindows, amountMinor: bigint, instalments: readonly { date: string; amountMinor: bigint }[]): InstalmentProblem[] => {
  const problems: InstalmentProblem[] = [];
  if (instalments.length < 1 || instalments.length > windows.maxInstalments) return [{ code: 'count', max: windows.maxInstalments }];
  instalments.forEach((instalment, index) => {
    if (instalment.amountMinor <= 0n) problems.push({ code: 'amount', index });
  });
  const sum = instalments.reduce((total, i) => total + i.amountMinor, 0n);
  if (sum !== amountMinor) problems.push({ code: 'sum', expectedMinor: amountMinor });
  const [first, ...rest] = instalments;
  if (first!.date < windows.first.from || first!.date > windows.first.to) problems.push({ code: 'firstDate', ...windows.first });
  if (first!.amountMinor < windows.firstMinimumMinor) problems.push({ code: 'firstAmount', minimumMinor: windows.firstMinimumMinor });
  const lastDay = addCalendarDays(first!.date, windows.restWithinDays);
  rest.forEach((instalment, i) => {
    const index = i + 1;
    if (instalment.date <= instalments[index - 1]!.date) problems.push({ code: 'order', index });
    else if (instalment.date > lastDay) problems.push({ code: 'laterDate', index, to: lastDay });
  });
  return problems;
};

// ── Progress: kept and broken ───────────────────────────────────────────────────────────────

export const INSTALMENT_STATES = ['Paid', 'Due', 'Upcoming', 'Missed'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/**
 * Each instalment's state from what has been paid toward the arrangement (its covered invoices' open amount
 * at creation less what is open now): instalments are paid in order; one whose date has passed unpaid is Missed,
 * one due today Due. An instalment is charged on its date, so it is missed only once that day is over.
 */
export const instalmentStates = (instalments: readonly { date: string; amountMinor: bigint }[], paidMinor: bigint, today: string): InstalmentState[] => {
  let cumulative = 0n;
  return instalments.map((instalment) => {
    cumulative += instalment.amountMinor;
    if (paidMinor >= cumulative) return 'Paid';
    if (instalment.date < today) return 'Missed';
    return instalment.date === today ? 'Due' : 'Upcoming';
  });
};

/** Where an active arrangement stands: Kept once everything is paid, Broken once an instalment is missed. */
export const arrangementOutcome = (instalments: readonly { date: string; amountMinor: bigint }[], paidMinor: bigint, today: string): 'Active' | 'Kept' | 'Broken' => {
  const states = instalmentStates(instalments, paidMinor, today);
  if (states.every((s) => s === 'Paid')) return 'Kept';
  return states.includes('Missed') ? 'Broken' : 'Active';
};

/** What the job charges for an instalment on its date: what it still lacks after what was paid by hand. */
export const instalmentChargeMinor = (instalments: readonly { amountMinor: bigint }[], index: number, paidMinor: bigint): bigint => {
  const through = instalments.slice(0, index + 1).reduce((sum, i) => sum + i.amountMinor, 0n);
  const lacking = through - paidMinor;
  if (lacking <= 0n) return 0n;
  return lacking < instalments[index]!.amountMinor ? lacking : instalments[index]!.amountMinor;
};

/**
 * Automatic payments pause for invoices an active arrangement covers: the arrangement's instalments pay them.
 * Pure: `covered` is the set of receivable ids of the account's active arrangement.
 */
export const autopayPausedFor = (receivableId: bigint, covered: ReadonlySet<bigint>): boolean => covered.has(receivableId);

/** The overdue amount the dashboard shows: what an active (being kept) arrangement still covers is not overdue. */
export const overdueNotArrangedMinor = (overdueMinor: bigint, arrangedOpenMinor: bigint): bigint =>
  overdueMinor > arrangedOpenMinor ? overdueMinor - arrangedOpenMinor : 0n;

// ── Schemas ─────────────────────────────────────────────────────────────────────────────────

export const ARRANGEMENT_STATUSES = ['Active', 'Kept', 'Broken', 'Cancelled'] as const;
export type ArrangementStatus = (typeof ARRANGEMENT_STATUSES)[number];

export const ArrangementAccountParamsSchema = builtOnFirstUse(() => z.object({ accountId: IdSchema }));
export const ArrangementParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));

/** GET Arrangement/options/{accountId}: whether the account may arrange, the amount, dates and count allowed. */
export const ArrangementOptionsSchema = builtOnFirstUse(() =>
  z.object({
    eligible: z.boolean(),
    reason: z.enum(ARRANGEMENT_INELIGIBLE_REASONS).nullable(),
    /** What an arrangement covers: what is overdue today. */
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    today: IsoDateSchema,
    maxInstalments: z.number().int(),
    firstInstalment: z.object({ from: IsoDateSchema, to: IsoDateSchema, minimumAmount: MoneySchema }),
    restWithinDays: z.number().int(),
  }),
);
export type ArrangementOptions = z.infer<typeof ArrangementOptionsSchema>;

export const ARRANGEMENT_MAX_INSTALMENTS = 12;

/** POST Arrangement. Without `paymentMethodId` the customer pays each instalment by hand. */
export const CreateArrangementSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    instalments: z
      .array(z.object({ date: IsoDateSchema, amount: MoneySchema }))
      .min(1, 'Add at least one instalment')
      .max(ARRANGEMENT_MAX_INSTALMENTS, `At most ${ARRANGEMENT_MAX_INSTALMENTS} instalments`),
    paymentMethodId: IdSchema.optional(),
  }),
);
export type CreateArrangement = z.input<typeof CreateArrangementSchema>;
export type ArrangementToCreate = z.output<typeof CreateArrangementSchema>;

export const ArrangementInstalmentSchema = builtOnFirstUse(() =>
  z.object({
    date: IsoDateSchema,
    amount: MoneySchema,
    state: z.enum(INSTALMENT_STATES),
    /** The payment the job took on its date (null: not charged, or paid by hand). */
    paymentId: IdSchema.nullable(),
  }),
);

export const ArrangementSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    status: z.enum(ARRANGEMENT_STATUSES),
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    /** What is paid toward it so far. */
    paid: MoneySchema,
    /** The card or bank account charged on the dates; null: paid by hand. */
    paymentMethodId: IdSchema.nullable(),
    instalments: z.array(ArrangementInstalmentSchema),
    createdAt: IsoDateTimeSchema,
    /** Set up by Staff for the customer. */
    byStaff: z.boolean(),
    closedAt: IsoDateTimeSchema.nullable(),
  }),
);
export type Arrangement = z.infer<typeof ArrangementSchema>;

/** GET PaymentPolicy/{accountId}: the provider's payment policy for the account (its type's). */
export const PaymentPolicySchema = builtOnFirstUse(() =>
  z.object({
    instalments: z.number().int(),
    firstInstalmentDays: z.number().int(),
    firstInstalmentPercent: z.number().int(),
    restWithinDays: z.number().int(),
    maxBrokenArrangements: z.number().int(),
    maxOverdueDays: z.number().int(),
    autopayOptional: z.boolean(),
    minimumPayment: MoneySchema,
    allowOverpayment: z.boolean(),
  }),
);
export type PaymentPolicyAnswer = z.infer<typeof PaymentPolicySchema>;

/** The words of the call's refusals (the web words them in its own language from the codes). */
export const ARRANGEMENT_MESSAGES = {
  ineligible: {
    nothingOverdue: 'Nothing is overdue on this account.',
    activeArrangement: 'This account already has an active payment arrangement.',
    tooManyBroken: 'Too many payment arrangements of this account were broken in the last 12 months; please contact support.',
    overdueTooLong: 'This balance has been overdue too long to arrange online; please contact support.',
    closed: 'This account is closed.',
  } satisfies Record<ArrangementIneligibleReason, string>,
  notActive: 'Only an active payment arrangement can be cancelled.',
  autopayRequired: 'Automatic payments are required for this account and cannot be turned off.',
  belowMinimum: (minimum: string) => `The smallest payment is ${minimum}, unless you pay the whole balance.`,
} as const;
