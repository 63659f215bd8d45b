/**
 * Charge disputes: a customer disputes a charge line or a call detail record of an
 * invoice while the terms' window is open; support staff take it and resolve it with a credit note or
 * reject it with a reason. A credit reduces what the invoice owes through the ledger.
 */
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { toMinor } from './money';
import { trimmedText } from './text';
import { builtOnFirstUse } from './lazy-schema';

/** The terms: "charge disputes must be raised within 30 days of the billing date". */
export const DISPUTE_WINDOW_DAYS = 30;

export const DISPUTE_REASONS = ['NotRecognised', 'WrongAmount', 'ServiceNotReceived', 'Duplicate', 'Other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = ['Open', 'UnderReview', 'Resolved', 'Rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_DETAILS_MAX = 1000;
export const DISPUTE_REJECTION_MAX = 500;

const DAY_MS = 86_400_000;
const addDays = (isoDay: string, days: number): string =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last calendar day a charge billed on `billingDay` may be disputed (both `YYYY-MM-DD`, the account's calendar). */
export const disputeWindowClosesOn = (billingDay: string): string => addDays(billingDay.slice(0, 10), DISPUTE_WINDOW_DAYS);

/**
 * Whether the terms' window is still open on `today` (the account's calendar date, see `todayIn`): from the
 * billing date through the 30th day after it, inclusive. A billing date in the future is open too.
 */
export const isDisputeWindowOpen = (billingDay: string, today: string): boolean =>
  today.slice(0, 10) <= disputeWindowClosesOn(billingDay);

/** The status changes a dispute may make: Open → Under review → Resolved or Rejected. */
const NEXT_STATUSES: Record<DisputeStatus, readonly DisputeStatus[]> = {
  Open: ['UnderReview'],
  UnderReview: ['Resolved', 'Rejected'],
  Resolved: [],
  Rejected: [],
};
export const canMoveDispute = (from: DisputeStatus, to: DisputeStatus): boolean => NEXT_STATUSES[from].includes(to);

/** Open and Under review disputes still wait for support (what `/admin/disputes` lists). */
export const isDisputePending = (status: DisputeStatus): boolean => status === 'Open' || status === 'UnderReview';

const positiveAmount = builtOnFirstUse(() =>
  MoneySchema.refine((amount) => toMinor(amount) > 0n, 'Enter an amount greater than zero'),
);

/** POST Dispute: one charge line (`chargeId`) or one call detail record (`cdrId`) of a posted invoice. */
export const CreateDisputeSchema = builtOnFirstUse(() =>
  z
    .object({
      chargeId: IdSchema.optional(),
      cdrId: IdSchema.optional(),
      reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }),
      details: trimmedText(DISPUTE_DETAILS_MAX).default(''),
      amount: positiveAmount,
    })
    .refine((body) => (body.chargeId === undefined) !== (body.cdrId === undefined), {
      message: 'Name either the charge line (chargeId) or the call record (cdrId) disputed',
      path: ['chargeId'],
    }),
);
export type CreateDispute = z.input<typeof CreateDisputeSchema>;
export type DisputeToCreate = z.output<typeof CreateDisputeSchema>;

/**
 * POST Dispute/{id}/resolve: Resolved with the credited amount, or Rejected with the reason the customer reads.
 * Strict: a field of the other outcome (a Resolved with a rejection reason) is refused, never silently dropped.
 */
export const ResolveDisputeSchema = builtOnFirstUse(() =>
  z.discriminatedUnion('outcome', [
    z.strictObject({ outcome: z.literal('Resolved'), creditedAmount: positiveAmount }),
    z.strictObject({
      outcome: z.literal('Rejected'),
      rejectionReason: trimmedText(DISPUTE_REJECTION_MAX).min(1, 'Say why the dispute is rejected'),
    }),
  ]),
);
export type ResolveDispute = z.input<typeof ResolveDisputeSchema>;
export type DisputeResolution = z.output<typeof ResolveDisputeSchema>;

export const DisputeParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));

const PersonAtSchema = builtOnFirstUse(() => z.object({ name: z.string().nullable(), at: IsoDateTimeSchema }).nullable());

/** A dispute as customers and staff see it (Dispute/items). */
export const DisputeSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    /** The account's number and name, as support staff know the customer. */
    accountNumber: z.string(),
    accountName: z.string(),
    invoiceId: IdSchema,
    invoiceNumber: z.string(),
    chargeId: IdSchema.nullable(),
    cdrId: IdSchema.nullable(),
    /** The charge line whose amount the dispute counts against: its own, or the line its call record is billed on (null: none). */
    lineChargeId: IdSchema.nullable(),
    /** The disputed line's description and amount as billed. */
    lineDescription: z.string(),
    lineAmount: MoneySchema,
    reason: z.enum(DISPUTE_REASONS),
    details: z.string(),
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    status: z.enum(DISPUTE_STATUSES),
    createdAt: IsoDateTimeSchema,
    raisedBy: z.string().nullable(),
    reviewed: PersonAtSchema,
    resolved: PersonAtSchema,
    creditedAmount: MoneySchema.nullable(),
    /** The invoice's tax that followed the credit (its share of the taxes); the credit note is both. */
    creditedTax: MoneySchema.nullable(),
    rejectionReason: z.string().nullable(),
  }),
);
export type Dispute = z.infer<typeof DisputeSchema>;
