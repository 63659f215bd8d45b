import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';
import { CDR_TYPES } from './invoices';

/**
 * What moved an invoice's total against the previous one (docs/decisions/0037-a-bill-that-explains-itself.md),
 * in the order a bill explains it. `other` is what no rule attributes; `firstInvoice` an invoice with none before it.
 */
export const BILL_CHANGE_KINDS = [
  'firstInvoice',
  'planChanged',
  'priceChanged',
  'partialMonth',
  'newCharge',
  'chargeGone',
  'usageBeyondAllowance',
  'roaming',
  'usage',
  'oneTime',
  'credits',
  'taxes',
  'other',
] as const;
export type BillChangeKind = (typeof BILL_CHANGE_KINDS)[number];

/** An exact amount as a decimal string to the cent ("-12.50"). */
const DecimalTextSchema = builtOnFirstUse(() => z.string().regex(/^-?\d+\.\d{2}$/));

/** The usage explorer's filters that show a usage cause's records (its URL parameters). */
export const BillChangeUsageSchema = builtOnFirstUse(() =>
  z.object({
    from: IsoDateSchema,
    to: IsoDateSchema,
    type: z.enum(CDR_TYPES).optional(),
    roaming: z.boolean().optional(),
    /** Only priced records: what is beyond the allowance. */
    minAmount: z.string().optional(),
  }),
);
export type BillChangeUsage = z.infer<typeof BillChangeUsageSchema>;

export const BillChangeCauseSchema = builtOnFirstUse(() =>
  z.object({
    kind: z.enum(BILL_CHANGE_KINDS),
    amount: DecimalTextSchema,
    /** The cause in plain words, in the caller's language. */
    text: z.string(),
    /** The charge lines behind it: this invoice's, or for a charge gone, the previous invoice's. */
    chargeIds: z.array(IdSchema),
    usage: BillChangeUsageSchema.optional(),
  }),
);
export type BillChangeCause = z.infer<typeof BillChangeCauseSchema>;

/** Invoice/{id}/changes: the causes' amounts sum to `difference` exactly. */
export const InvoiceChangesSchema = builtOnFirstUse(() =>
  z.object({
    invoiceId: IdSchema,
    previousInvoiceId: IdSchema.nullable(),
    difference: DecimalTextSchema,
    /** The difference in a sentence ("Your bill is $12.50 higher than last time ($80.00)."). */
    summary: z.string(),
    causes: z.array(BillChangeCauseSchema),
  }),
);
export type InvoiceChanges = z.infer<typeof InvoiceChangesSchema>;
