import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';
import { DISPUTE_REASONS } from './disputes';

export const INVOICE_STATES = ['Draft', 'Posted', 'Void'] as const;
export const InvoiceStateSchema = builtOnFirstUse(() => z.enum(INVOICE_STATES));
export type InvoiceState = z.infer<typeof InvoiceStateSchema>;

export const DOCUMENT_NAMES = ['PDF', 'CDRs'] as const;
export const DocumentUrlSchema = builtOnFirstUse(() => z.object({ name: z.enum(DOCUMENT_NAMES), url: z.string() }));
export type DocumentUrl = z.infer<typeof DocumentUrlSchema>;

/** Documents a signed download link can open. */
export const DOCUMENT_KINDS = ['pdf', 'cdrs'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DocumentDownloadParamsSchema = builtOnFirstUse(() =>
  z.object({ invoiceId: IdSchema, document: z.enum(DOCUMENT_KINDS) }),
);
/** Query values stay loose strings: a malformed link is answered 403 like any other bad signature. */
export const DocumentLinkQuerySchema = builtOnFirstUse(() =>
  z.object({ expires: textSchema().max(20).optional(), sig: textSchema().max(100).optional() }),
);

/** Billing/InvoiceURLs answer: short-lived signed links that work without a bearer header. */
export const InvoiceUrlsSchema = builtOnFirstUse(() => z.object({ urls: z.array(DocumentUrlSchema) }));
export type InvoiceUrls = z.infer<typeof InvoiceUrlsSchema>;

/** Invoice/{id}: the invoice entity. */
export const InvoiceSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    invoiceNumber: z.string(),
    state: InvoiceStateSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    dueDate: IsoDateSchema,
    postedDate: IsoDateTimeSchema.nullable(),
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
  }),
);
export type Invoice = z.infer<typeof InvoiceSchema>;

/** Invoice/items value. */
export const InvoiceListItemSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    invoiceNumber: z.string(),
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    dueDate: IsoDateSchema,
    postedDate: IsoDateTimeSchema.nullable(),
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    owing: MoneySchema,
    /** What credit notes took off it: the status tells "Credited" from "Paid". */
    credited: MoneySchema,
    s3UrlDetails: InvoiceUrlsSchema,
  }),
);
export type InvoiceListItem = z.infer<typeof InvoiceListItemSchema>;

export const InvoicePaymentSchema = builtOnFirstUse(() =>
  z.object({
    payment: z.object({
      id: IdSchema,
      date: IsoDateTimeSchema,
      description: z.string().nullable(),
      currency: CurrencyCodeSchema,
      status: z.string(),
    }),
    paymentAssignment: z.object({ id: IdSchema, amount: MoneySchema }),
  }),
);
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/**
 * A credit note on the invoice (a resolved dispute): what was credited (the disputed line), when, why
 * (the dispute's reason) and the dispute it came from.
 */
export const InvoiceCreditSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    date: IsoDateTimeSchema,
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    /** The disputed charge's description; null for a call detail record or a credit without a dispute. */
    line: z.string().nullable(),
    disputeId: IdSchema.nullable(),
    reason: z.enum(DISPUTE_REASONS).nullable(),
  }),
);
export type InvoiceCredit = z.infer<typeof InvoiceCreditSchema>;

/** Invoice/details/{id}; owing = amount − collected payment assignments − credits; arId = its receivable. */
export const InvoiceDetailsSchema = builtOnFirstUse(() =>
  z.object({
    invoice: InvoiceSchema,
    owing: MoneySchema,
    /** The sum of `credits`. */
    credited: MoneySchema,
    arId: IdSchema,
    payments: z.array(InvoicePaymentSchema),
    /** Oldest first. */
    credits: z.array(InvoiceCreditSchema),
  }),
);
export type InvoiceDetails = z.infer<typeof InvoiceDetailsSchema>;

export const CHARGE_CATEGORIES = ['Plan', 'Usage', 'OneTime', 'Adjustment', 'Tax'] as const;
/** Kinds of call detail record. */
export const CDR_TYPES = ['voice', 'sms', 'data'] as const;
export const ChargeSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    invoiceId: IdSchema,
    category: z.enum(CHARGE_CATEGORIES),
    description: z.string(),
    quantity: z.number(),
    /** A rate, not an amount: up to 4 decimals (e.g. 0.0125 a minute). */
    unitAmount: z.number().nullable(),
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    taxCode: z.string().nullable(),
  }),
);
export type Charge = z.infer<typeof ChargeSchema>;

export const InvoiceContentAddressSchema = builtOnFirstUse(() =>
  z.object({
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
  }),
);

/** Invoice/content/{id}: bill-to block; with `summary`, the charges grouped by category as well. */
export const InvoiceContentSchema = builtOnFirstUse(() =>
  z.object({
    customer: z.object({ name: z.string(), address: InvoiceContentAddressSchema.nullable() }),
    summary: z
      .object({
        lines: z.array(z.object({ category: z.enum(CHARGE_CATEGORIES), description: z.string(), amount: MoneySchema })),
        subtotal: MoneySchema,
        taxes: MoneySchema,
        total: MoneySchema,
      })
      .nullable(),
  }),
);
export type InvoiceContent = z.infer<typeof InvoiceContentSchema>;

/** Invoice/content query: `summary` present (any value, even empty) asks for the grouped charges. */
export const InvoiceContentQuerySchema = builtOnFirstUse(() => z.object({ summary: textSchema().max(20).optional() }));

/**
 * Invoice/calcforward/{id}: the balance carried forward to this invoice, as printed on a bill
 * (positive = owed): amountDue = previousBalance − paymentsReceived + newCharges.
 */
export const BalanceForwardSchema = builtOnFirstUse(() =>
  z.object({
    invoiceId: IdSchema,
    currency: CurrencyCodeSchema,
    previousBalance: MoneySchema,
    paymentsReceived: MoneySchema,
    newCharges: MoneySchema,
    amountDue: MoneySchema,
  }),
);
export type BalanceForward = z.infer<typeof BalanceForwardSchema>;
