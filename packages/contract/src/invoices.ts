import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { textSchema } from './text';
import { builtOnFirstUse } from './lazy-schema';
import { DISPUTE_REASONS } from './disputes';
import { ExternalIdSchema } from './external-id';
import { minorToDecimal, parseMoney } from './money';

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
 * Invoice/calcforward/{id}: the balance carried forward to this invoice, in the carrier's form (positive =
 * owed): previousBalance − paymentsReceived − creditsAndAdjustments = balanceForward; balanceForward +
 * newCharges (= charges + taxes, this invoice's total) = amountDue, what the account owed once it was posted.
 */
export const BalanceForwardSchema = builtOnFirstUse(() =>
  z.object({
    invoiceId: IdSchema,
    currency: CurrencyCodeSchema,
    previousBalance: MoneySchema,
    /** Successful payments since the previous invoice was posted. */
    paymentsReceived: MoneySchema,
    /** Credit notes and provider credits since the previous invoice was posted. */
    creditsAndAdjustments: MoneySchema,
    balanceForward: MoneySchema,
    /** This invoice's charges before taxes, and its taxes. */
    charges: MoneySchema,
    taxes: MoneySchema,
    newCharges: MoneySchema,
    amountDue: MoneySchema,
  }),
);
export type BalanceForward = z.infer<typeof BalanceForwardSchema>;

// ── The provider API's invoices (PUT/GET /p/v1/invoices/{externalId}) ──────────────────────────

/** Categories of a provider invoice's lines: taxes come apart, one entry per jurisdiction. */
export const PROVIDER_LINE_CATEGORIES = ['Plan', 'Usage', 'OneTime', 'Adjustment'] as const;
/**
 * The rating classes a Usage line may name (`usage`): the invoice's call records of that class are the
 * ones billed on the line, as the portal's own invoices link them (lib/rating's `UsageClass`, same order).
 */
export const USAGE_CLASS_NAMES = [
  'VoiceOverage',
  'CrossBorder',
  'International',
  'InternationalSms',
  'DataOverage',
  'RoamingVoice',
  'RoamingSms',
  'RoamingData',
] as const;
export type UsageClassName = (typeof USAGE_CLASS_NAMES)[number];

/** Whole digits a quantity, unit price or amount may have: what the database's `numeric(14, n)` columns hold. */
const WHOLE_DIGITS = { quantity: 11, unitPrice: 10 } as const;

/**
 * A decimal string of at most `scale` decimals, normalised (no trailing zeros, no leading ones), so that
 * "2.50" and "2.5" are the same request.
 */
const decimalText = (what: string, scale: number, wholeDigits: number, options: { signed: boolean }) =>
  textSchema()
    .trim()
    .regex(
      new RegExp(`^${options.signed ? '-?' : ''}\\d{1,${wholeDigits}}(\\.\\d{1,${scale}})?$`),
      `${what} must be a decimal string${options.signed ? '' : ' of 0 or more'} with at most ${scale} decimals, e.g. "${(1.5).toFixed(Math.min(scale, 2))}"`,
    )
    .transform((value) => {
      const [whole, fraction = ''] = value.split('.');
      const trimmed = fraction.replace(/0+$/, '');
      const digits = whole!.replace(/^(-?)0+(?=\d)/, '$1');
      const text = trimmed ? `${digits}.${trimmed}` : digits;
      return text === '-0' ? '0' : text;
    });

/** An amount as the provider API takes it: a decimal string to the cent ("12.34"), answered as "12.34". */
export const DecimalAmountSchema = builtOnFirstUse(() =>
  z
    .string({ error: 'Must be a decimal string such as "12.34"' })
    .check((payload) => {
      const parsed = parseMoney(payload.value);
      if (!parsed.ok) payload.issues.push({ code: 'custom', message: parsed.problem, input: payload.value, abort: true });
    })
    .transform((value) => {
      const parsed = parseMoney(value);
      return parsed.ok ? minorToDecimal(parsed.minor) : value;
    })
    .meta({ 'x-money': true }),
);

const lineText = (max: number, what: string) => textSchema().trim().min(1, `${what} is required`).max(max, `Must be at most ${max} characters`);

export const ProviderInvoiceLineSchema = builtOnFirstUse(() =>
  z.object({
    description: lineText(200, 'A description'),
    category: z.enum(PROVIDER_LINE_CATEGORIES, { error: "category must be 'Plan', 'Usage', 'OneTime' or 'Adjustment'" }),
    amount: DecimalAmountSchema,
    quantity: decimalText('quantity', 3, WHOLE_DIGITS.quantity, { signed: false }).optional(),
    unitPrice: decimalText('unitPrice', 4, WHOLE_DIGITS.unitPrice, { signed: true }).optional(),
    usage: z.enum(USAGE_CLASS_NAMES, { error: `usage must be one of ${USAGE_CLASS_NAMES.join(', ')}` }).optional(),
  }),
);

export const ProviderInvoiceTaxSchema = builtOnFirstUse(() =>
  z.object({
    name: lineText(100, 'A tax name'),
    /** The jurisdiction's registration number of the provider, printed beside the tax. */
    registration: lineText(64, 'A registration').optional(),
    /** In percent: "9.975" for Quebec's QST. */
    rate: decimalText('rate', 3, 3, { signed: false })
      .refine((rate) => Number(rate) <= 100, 'rate is a percentage: at most 100')
      .optional(),
    amount: DecimalAmountSchema,
  }),
);

/** The most lines and taxes one invoice takes. */
export const PROVIDER_INVOICE_MAX_LINES = 1000;
export const PROVIDER_INVOICE_MAX_TAXES = 20;

const INVOICE_NUMBER_MAX = 40;
const trimmedNumber = () =>
  textSchema()
    .trim()
    .min(1, 'An invoice number is required')
    .max(INVOICE_NUMBER_MAX, `Must be at most ${INVOICE_NUMBER_MAX} characters`);

/** PUT /p/v1/invoices/{externalId}: an invoice the provider's billing system posts, immutable once posted. */
export const ProviderInvoiceBodySchema = builtOnFirstUse(() =>
  z.object({
    accountExternalId: ExternalIdSchema,
    number: trimmedNumber(),
    periodStart: IsoDateSchema,
    periodEnd: IsoDateSchema,
    issueDate: IsoDateSchema,
    dueDate: IsoDateSchema,
    currency: CurrencyCodeSchema,
    lines: z
      .array(ProviderInvoiceLineSchema)
      .min(1, 'An invoice has at least one line')
      .max(PROVIDER_INVOICE_MAX_LINES, `An invoice has at most ${PROVIDER_INVOICE_MAX_LINES} lines`),
    taxes: z.array(ProviderInvoiceTaxSchema).max(PROVIDER_INVOICE_MAX_TAXES, `An invoice has at most ${PROVIDER_INVOICE_MAX_TAXES} taxes`),
    total: DecimalAmountSchema,
  }),
);
export type ProviderInvoiceBody = z.output<typeof ProviderInvoiceBodySchema>;

export const ProviderInvoiceParamsSchema = builtOnFirstUse(() => z.object({ externalId: ExternalIdSchema }));

/** A posted invoice as the provider API answers it: what was posted, with the portal's id and when. */
export const ProviderInvoiceSchema = builtOnFirstUse(() =>
  z.object({
    externalId: z.string(),
    id: IdSchema,
    accountExternalId: z.string(),
    number: z.string(),
    state: z.literal('Posted'),
    periodStart: IsoDateSchema,
    periodEnd: IsoDateSchema,
    issueDate: IsoDateSchema,
    dueDate: IsoDateSchema,
    currency: CurrencyCodeSchema,
    lines: z.array(
      z.object({
        description: z.string(),
        category: z.enum(PROVIDER_LINE_CATEGORIES),
        amount: z.string(),
        quantity: z.string(),
        unitPrice: z.string().nullable(),
        usage: z.enum(USAGE_CLASS_NAMES).nullable(),
      }),
    ),
    taxes: z.array(z.object({ name: z.string(), registration: z.string().nullable(), rate: z.string().nullable(), amount: z.string() })),
    total: z.string(),
    postedAt: IsoDateTimeSchema,
  }),
);
export type ProviderInvoice = z.infer<typeof ProviderInvoiceSchema>;
