import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema, PagedQuerySchema } from './primitives';
import { InvoiceListItemSchema } from './invoices';
import { trimmedText } from './text';
import { ExternalIdSchema } from './external-id';
import { builtOnFirstUse } from './lazy-schema';

export const LANGUAGES = ['English', 'French'] as const;
export const LanguageSchema = builtOnFirstUse(() => z.enum(LANGUAGES, { error: 'Language must be English or French' }));
export type Language = z.infer<typeof LanguageSchema>;

export const ADDRESS_TYPES = ['Billing', 'Service', 'Shipping', 'Porting', 'Emergency'] as const;
export const AddressTypeSchema = builtOnFirstUse(() => z.enum(ADDRESS_TYPES));
export const CONTACT_TYPES = ['Account', 'Billing', 'Technical', 'Emergency', 'Porting', 'Sales', 'Service'] as const;
export const ContactTypeSchema = builtOnFirstUse(() => z.enum(CONTACT_TYPES));

/** "Credit Card" = automatic payments on; "Credit Card (Manual)" = off. */
export const AUTOPAY_ON = 'Credit Card';
export const AUTOPAY_OFF = 'Credit Card (Manual)';
export const ACCOUNT_PAYMENT_METHODS = [AUTOPAY_ON, AUTOPAY_OFF] as const;
export const AccountPaymentMethodSchema = builtOnFirstUse(() => z.enum(ACCOUNT_PAYMENT_METHODS));
export type AccountPaymentMethod = z.infer<typeof AccountPaymentMethodSchema>;

/**
 * How bills come (docs/decisions/0037-a-bill-that-explains-itself.md): an email with the PDF attached, an email
 * with a link, or paper by post (no email) where the provider allows it (`PAPER_BILLS`).
 */
export const BILL_DELIVERIES = ['emailPdf', 'emailLink', 'paper'] as const;
export const BillDeliverySchema = builtOnFirstUse(() => z.enum(BILL_DELIVERIES, { error: "billDelivery must be 'emailPdf', 'emailLink' or 'paper'" }));
export type BillDelivery = z.infer<typeof BillDeliverySchema>;
export const PAPER_NOT_OFFERED = 'Paper bills are not offered.';

const text = trimmedText;
const optionalText = (max: number) => text(max).nullable();

/**
 * The address shape, declared once: its fields with the longest text of each. The wire's schema, the edit
 * form's, the server's checks and rows, and the seed are all made from it.
 */
export const ADDRESS_FIELD_LENGTHS = { streetNumber: 20, streetName: 120, city: 80, province: 80, postal: 20, country: 80 } as const;
export type AddressField = keyof typeof ADDRESS_FIELD_LENGTHS;
export const ADDRESS_FIELDS = Object.keys(ADDRESS_FIELD_LENGTHS) as AddressField[];
/** An address without its id: what a row, a form and the checks share. */
export type AddressFields = Record<AddressField, string | null>;

/** A record of every address field, each made by `value` from the field's name. */
export const eachAddressField = <T>(value: (name: AddressField) => T): Record<AddressField, T> =>
  Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, value(name)])) as Record<AddressField, T>;

/** One schema per address field, made by `field` from its longest length (nullable texts here, plain ones in the form). */
export const addressShape = <S>(field: (max: number) => S): Record<AddressField, S> =>
  eachAddressField((name) => field(ADDRESS_FIELD_LENGTHS[name]));

/** The address fields of `source` (a database row, a form's values) and nothing else. */
export const addressFieldsOf = (source: AddressFields): AddressFields => eachAddressField((name) => source[name]);

export const AddressSchema = builtOnFirstUse(() => z.object({ id: IdSchema, ...addressShape(optionalText) }));
export type Address = z.infer<typeof AddressSchema>;

/** A dated link; current when startDate <= now <= endDate (endDate null = open-ended). */
export const AccountAddressSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    addressId: IdSchema,
    type: AddressTypeSchema,
    startDate: IsoDateTimeSchema,
    endDate: IsoDateTimeSchema.nullable(),
  }),
);
export type AccountAddress = z.infer<typeof AccountAddressSchema>;

export const ContactSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    firstName: optionalText(80),
    lastName: optionalText(80),
    primaryEmail: optionalText(254),
    primaryPhone: optionalText(40),
  }),
);
export type Contact = z.infer<typeof ContactSchema>;

export const AccountContactSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    contactId: IdSchema,
    type: ContactTypeSchema,
    startDate: IsoDateTimeSchema,
    endDate: IsoDateTimeSchema.nullable(),
  }),
);
export type AccountContact = z.infer<typeof AccountContactSchema>;

export const AccountSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    customerNo: z.string(),
    name: z.string(),
    invoiceName: z.string().nullable(),
    invoiceEmailAddress: z.string().nullable(),
    invoicePrefix: z.string().nullable(),
    type: z.string(),
    currency: CurrencyCodeSchema,
    language: LanguageSchema,
    paymentMethod: AccountPaymentMethodSchema,
    billDelivery: BillDeliverySchema,
    parentId: IdSchema.nullable(),
    /** The IANA zone the provider set, deciding the account's calendar days; null: its billing address's (`accountTimeZone`). */
    timeZone: z.string().nullable(),
    accountContacts: z.array(AccountContactSchema),
  }),
);
export type Account = z.infer<typeof AccountSchema>;

export const AccountDetailsResponseSchema = builtOnFirstUse(() =>
  z.object({
    account: AccountSchema,
    /** Whether the provider sends paper bills (`billDelivery` 'paper' is refused otherwise). */
    paperBillsOffered: z.boolean(),
    addresses: z.array(AddressSchema),
    accountAddresses: z.array(AccountAddressSchema),
    contacts: z.array(ContactSchema),
    accountContacts: z.array(AccountContactSchema),
  }),
);
export type AccountDetailsResponse = z.infer<typeof AccountDetailsResponseSchema>;

export const EMAIL_MESSAGE = 'Please enter a valid email address.';
const email = builtOnFirstUse(() => z.email(EMAIL_MESSAGE).max(254));

/** New or changed rows in an account update; id 0 (or absent) means "create". */
export const AddressInputSchema = builtOnFirstUse(() => AddressSchema.extend({ id: IdSchema.default(0n) }));
export const ContactInputSchema = builtOnFirstUse(() =>
  ContactSchema.extend({
    id: IdSchema.default(0n),
    primaryEmail: email.nullable(),
  }),
);
export const AccountAddressInputSchema = builtOnFirstUse(() =>
  AccountAddressSchema.extend({
    id: IdSchema.default(0n),
    startDate: IsoDateTimeSchema.optional(),
  }),
);
export const AccountContactInputSchema = builtOnFirstUse(() =>
  AccountContactSchema.extend({
    id: IdSchema.default(0n),
    startDate: IsoDateTimeSchema.optional(),
  }),
);

/** PUT Account/customerdetails body, applied in one transaction. */
export const AccountUpdateModelSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    language: LanguageSchema,
    invoiceEmail: email.nullable(),
    paymentMethod: AccountPaymentMethodSchema.optional(),
    /** Absent: unchanged. */
    billDelivery: BillDeliverySchema.optional(),
    accountAddresses: z.array(AccountAddressInputSchema).max(50).default([]),
    addresses: z.array(AddressInputSchema).max(50).default([]),
    accountContacts: z.array(AccountContactInputSchema).max(50).default([]),
    contacts: z.array(ContactInputSchema).max(50).default([]),
    deleteAccountAddressIds: z.array(IdSchema).max(50).default([]),
    deleteAddressIds: z.array(IdSchema).max(50).default([]),
    deleteAccountContactIds: z.array(IdSchema).max(50).default([]),
    deleteContactIds: z.array(IdSchema).max(50).default([]),
  }),
);
export type AccountUpdateModel = z.input<typeof AccountUpdateModelSchema>;

export const UpdateDefaultPaymentMethodRequestSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    paymentMethod: AccountPaymentMethodSchema,
  }),
);
export type UpdateDefaultPaymentMethodRequest = z.input<typeof UpdateDefaultPaymentMethodRequestSchema>;

/** Account/names item; sub-accounts carry their parent's id. */
export const AccountListNameSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    listName: z.string(),
    parentId: IdSchema.nullable(),
    /** The account's currency (this service always says; optional for entries made elsewhere): a person who sees several gets amounts with their currency named. */
    currency: CurrencyCodeSchema.optional(),
    /** When the provider closed it (null while open; optional for entries made elsewhere): the web then shows it read-only. */
    closedAt: IsoDateTimeSchema.nullable().optional(),
    /** Until when a closed account's documents stay available; null while open. */
    documentsUntil: IsoDateTimeSchema.nullable().optional(),
  }),
);
export type AccountListName = z.infer<typeof AccountListNameSchema>;

/**
 * Account/names query: the paged-list query plus `accountId`, an account the caller has chosen
 * that the answer must include even when it is not on the requested page.
 */
export const AccountNamesQuerySchema = builtOnFirstUse(() => PagedQuerySchema.extend({ accountId: IdSchema.optional() }));
export type AccountNamesQuery = z.input<typeof AccountNamesQuerySchema>;

/** A statement bound: an ISO date, or an ISO date-time taken as its UTC calendar date. */
const StatementDateSchema = builtOnFirstUse(() =>
  z.union([IsoDateSchema, IsoDateTimeSchema.transform((instant) => new Date(instant).toISOString().slice(0, 10))]),
);

/** GET Account/{accountId}/{startDate}/{endDate}: the period of a statement (inclusive, whole UTC days). */
export const AccountStatementParamsSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    startDate: StatementDateSchema,
    endDate: StatementDateSchema,
  }),
);

/** A payment on a statement (only Successful payments count towards a balance). */
export const StatementPaymentSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    date: IsoDateTimeSchema,
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    type: z.string(),
    description: z.string().nullable(),
  }),
);
export type StatementPayment = z.infer<typeof StatementPaymentSchema>;

/** A credit note on a statement (a resolved dispute's credit against an invoice): it lowers what is owed, like a payment. */
export const StatementCreditSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    date: IsoDateTimeSchema,
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    /** Null for a provider's credit on the account, not on one invoice. */
    invoiceId: IdSchema.nullable(),
    invoiceNumber: z.string().nullable(),
    description: z.string(),
  }),
);
export type StatementCredit = z.infer<typeof StatementCreditSchema>;

/**
 * An account statement for a period, in the account's currency: posted invoices by posted date,
 * Successful payments by payment date, credit notes by their date. Balances follow the ledger
 * (successful payments + credits − posted invoices; negative = owing), so
 * closingBalance = openingBalance + Σ payments + Σ credits − Σ invoices.
 */
export const AccountStatementSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    currency: CurrencyCodeSchema,
    openingBalance: MoneySchema,
    invoices: z.array(InvoiceListItemSchema),
    payments: z.array(StatementPaymentSchema),
    credits: z.array(StatementCreditSchema),
    totalInvoiced: MoneySchema,
    totalPaid: MoneySchema,
    totalCredited: MoneySchema,
    closingBalance: MoneySchema,
  }),
);
export type AccountStatement = z.infer<typeof AccountStatementSchema>;

export const AUTOPAY_FREQUENCIES = ['dueDate', 'monthly'] as const;
export const AUTOPAY_AMOUNT_TYPES = ['full', 'fixed'] as const;
export const DEFAULT_FIXED_AUTOPAY_AMOUNT = 100;
export const MONTHLY_PAYMENT_DAY = 15;

/** Automatic payment schedule (docs/decisions/0006-where-the-spec-is-wrong.md), GET/PUT /b/v1/Account/{accountId}/autopay. */
export const AutopayScheduleSchema = builtOnFirstUse(() =>
  z
    .object({
      accountId: IdSchema,
      paymentMethodId: IdSchema,
      frequency: z.enum(AUTOPAY_FREQUENCIES),
      amountType: z.enum(AUTOPAY_AMOUNT_TYPES),
      fixedAmount: MoneySchema.nullable(),
      /** Whether invoices already overdue when it is saved are charged too (false: only bills due from that day). */
      includeOverdue: z.boolean().default(true),
    })
    .refine((s) => s.amountType !== 'fixed' || (s.fixedAmount !== null && s.fixedAmount > 0), {
      path: ['fixedAmount'],
      message: 'Please enter a valid payment amount.',
    }),
);
export type AutopaySchedule = z.infer<typeof AutopayScheduleSchema>;
export const AutopayScheduleResponseSchema = builtOnFirstUse(() =>
  z.object({
    schedule: AutopayScheduleSchema.nullable(),
    nextRunDate: z.iso.date().nullable(),
    /** What the setup dialog's preview is worked out from (autopayPreview): the job's day and the open invoices. */
    preview: z.object({
      today: z.iso.date(),
      chargedThisMonth: z.boolean(),
      openInvoices: z.array(z.object({ dueDate: z.iso.date(), amount: MoneySchema, tried: z.boolean() })),
    }),
  }),
);
export type AutopayScheduleResponse = z.infer<typeof AutopayScheduleResponseSchema>;

export { EXTERNAL_ID_MAX, ExternalIdSchema } from './external-id';
export const ProviderAccountParamsSchema = builtOnFirstUse(() => z.object({ externalId: ExternalIdSchema }));

/** Whether `zone` is an IANA time zone this runtime knows ("America/Toronto"). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};
export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list (an IANA name such as America/Toronto).';

const optionalInput = (max: number) => text(max).nullish().transform((value) => value ?? null);

/** The billing contact as the provider sends it; checked by the Account Information form's rules (checkContact). */
export const ProviderContactSchema = builtOnFirstUse(() =>
  z.object({ firstName: optionalInput(80), lastName: optionalInput(80), primaryEmail: optionalInput(254), primaryPhone: optionalInput(40) }),
);

/**
 * What This period counts against (per account, all lines together): null is not counted (unlimited).
 * Without a plan here, This period reads the plan from the account's last billed Plan line.
 */
export const ProviderPlanSchema = builtOnFirstUse(() =>
  z.object({
    name: text(120).min(1, 'A plan name is required'),
    lines: z.number().int().min(1).max(10_000).default(1),
    allowances: z
      .object({
        voiceMinutes: z.number().int().min(0).nullable().default(null),
        textMessages: z.number().int().min(0).nullable().default(null),
        dataMb: z.number().int().min(0).nullable().default(null),
      })
      .default({ voiceMinutes: null, textMessages: null, dataMb: null }),
  }),
);
export type ProviderPlan = z.infer<typeof ProviderPlanSchema>;

/**
 * PUT /p/v1/accounts/{externalId}: the whole account as the provider's billing system holds it. The
 * address and contact are checked by the same rules and messages as the Account Information form.
 */
export const ProviderAccountInputSchema = builtOnFirstUse(() =>
  z.object({
    name: text(120).min(1, 'A name is required'),
    type: text(40).min(1, 'A type is required'),
    currency: CurrencyCodeSchema,
    language: LanguageSchema,
    timeZone: text(64)
      .refine(isTimeZone, TIME_ZONE_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    parentExternalId: ExternalIdSchema.nullish().transform((value) => value ?? null),
    invoiceName: optionalInput(120),
    invoiceEmail: email.nullish().transform((value) => value ?? null),
    /** Absent: unchanged (the customer chooses it on Account Information too). */
    billDelivery: BillDeliverySchema.optional(),
    billingContact: ProviderContactSchema,
    billingAddress: z.object(addressShape(optionalInput)),
    plan: ProviderPlanSchema.nullish().transform((value) => value ?? null),
  }),
);
export type ProviderAccountInput = z.input<typeof ProviderAccountInputSchema>;
export type ProviderAccountValues = z.output<typeof ProviderAccountInputSchema>;

/** An account as the provider API answers it: addressed by external ids, its parent's included. */
export const ProviderAccountSchema = builtOnFirstUse(() =>
  z.object({
    externalId: z.string(),
    name: z.string(),
    type: z.string(),
    currency: CurrencyCodeSchema,
    language: LanguageSchema,
    timeZone: z.string().nullable(),
    parentExternalId: z.string().nullable(),
    invoiceName: z.string().nullable(),
    invoiceEmail: z.string().nullable(),
    billDelivery: BillDeliverySchema,
    billingContact: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      primaryEmail: z.string().nullable(),
      primaryPhone: z.string().nullable(),
    }).nullable(),
    billingAddress: z.object(addressShape(() => z.string().nullable())).nullable(),
    plan: z
      .object({
        name: z.string(),
        lines: z.number().int(),
        allowances: z.object({ voiceMinutes: z.number().int().nullable(), textMessages: z.number().int().nullable(), dataMb: z.number().int().nullable() }),
      })
      .nullable(),
    /** When the provider closed it; null while open (docs/decisions/0016-closing-an-account.md). */
    closedAt: IsoDateTimeSchema.nullable(),
    /** Until when its people may still download its documents; null while open. */
    documentsUntil: IsoDateTimeSchema.nullable(),
    createdAt: IsoDateTimeSchema,
  }),
);
export type ProviderAccount = z.infer<typeof ProviderAccountSchema>;
