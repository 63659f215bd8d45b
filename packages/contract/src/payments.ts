import { z } from 'zod';
import { AccountPaymentMethodSchema, ExternalIdSchema } from './accounts';
import { CurrencyCodeSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { textSchema, trimmedText } from './text';
import { minorToDecimal, parseMoney } from './money';
import { builtOnFirstUse } from './lazy-schema';
import { PAYMENT_FAILURE_REASONS } from './payment-failure';
import { BANK_DEBIT_SCHEMES, PAYMENT_METHOD_TYPES } from './bank-debit';

export const PAYMENT_STATUSES = ['Successful', 'Error', 'InProgress'] as const;
export const PaymentStatusSchema = builtOnFirstUse(() => z.enum(PAYMENT_STATUSES));
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express'] as const;

export const BalanceSchema = builtOnFirstUse(() =>
  z.object({ amount: MoneySchema, currency: z.object({ code: CurrencyCodeSchema }) }),
);
export type Balance = z.infer<typeof BalanceSchema>;

/** How a payment taken outside the portal (recorded through the provider API) was made. */
export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque', 'other'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

/** An offline payment's method as the customer reads it: the web, receipts and statements share these words. */
export const OFFLINE_PAYMENT_METHOD_LABELS: Record<'en' | 'fr', Record<OfflinePaymentMethod, string>> = {
  en: { bank_transfer: 'Bank transfer', cash: 'Cash', cheque: 'Cheque', other: 'Other' },
  fr: { bank_transfer: 'Virement bancaire', cash: 'Comptant', cheque: 'Chèque', other: 'Autre' },
};

export const RecentPaymentSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    date: IsoDateTimeSchema,
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    status: PaymentStatusSchema,
    description: z.string().nullable(),
    type: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** How a payment taken outside the portal was made; null for a card payment. */
    method: z.enum(OFFLINE_PAYMENT_METHODS).nullable(),
    /** Why an Error payment failed (PAYMENT_FAILURE_REASONS); null otherwise. */
    failureReason: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
  }),
);
export type RecentPayment = z.infer<typeof RecentPaymentSchema>;

/** What is past due in one currency: the sum still owed on invoices past their due date, and the oldest such due date. */
export const OverdueBalanceSchema = builtOnFirstUse(() =>
  z.object({
    amount: MoneySchema,
    currency: z.object({ code: CurrencyCodeSchema }),
    since: IsoDateSchema,
  }),
);
export type OverdueBalance = z.infer<typeof OverdueBalanceSchema>;

/**
 * Billing/GetClientHomeModel: balances (negative = owing), the due date of the oldest unpaid invoice, and
 * per currency what is overdue in the account's time zone (the contract's `overdueByCurrency`; empty when
 * nothing is past due).
 */
export const HomeModelSchema = builtOnFirstUse(() =>
  z.object({
    balances: z.array(BalanceSchema),
    recentPayments: z.array(RecentPaymentSchema),
    paymentDueDate: IsoDateSchema.nullable(),
    overdue: z.array(OverdueBalanceSchema),
  }),
);
export type HomeModel = z.infer<typeof HomeModelSchema>;

export const CardSchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    expiry: z.string(),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
  }),
);
export type Card = z.infer<typeof CardSchema>;

/** A saved bank account (docs/decisions/0035-bank-debit.md): display data only; `id` is the provider's reference. */
export const BankAccountSchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    scheme: z.enum(BANK_DEBIT_SCHEMES),
    bankName: z.string(),
    last4: z.string(),
    /** Institution and transit ("004-12345") for PAD, the routing number for ACH. */
    routing: z.string(),
    /** The version of the agreement accepted when it was saved. */
    agreementVersion: z.string().nullable(),
  }),
);
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** PaymentMethod/methods value: a card (`card`) or a bank account (`bankAccount`), as `paymentMethod.type` says. */
export const PaymentMethodEntrySchema = builtOnFirstUse(() =>
  z.object({
    /** `lastChargeFailed`: the method's latest settled payment failed, so the next one may fail too. */
    paymentMethod: z.object({ id: IdSchema, default: z.boolean(), lastChargeFailed: z.boolean(), type: z.enum(PAYMENT_METHOD_TYPES) }),
    card: CardSchema.nullable(),
    bankAccount: BankAccountSchema.nullable(),
  }),
);
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntrySchema>;

export const PaymentAssignmentInputSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema.optional(),
    paymentId: IdSchema.optional(),
    arId: IdSchema,
    amount: MoneySchema.refine((a) => a > 0, 'Please enter a valid payment amount.'),
  }),
);

/** Payment/customerpayment body; the amount is sent absolute. */
export const PaymentToCreateSchema = builtOnFirstUse(() =>
  z.object({
    payment: z.object({
      id: IdSchema.optional(),
      status: z.literal('InProgress').default('InProgress'),
      type: AccountPaymentMethodSchema.default('Credit Card (Manual)'),
      accountId: IdSchema,
      date: IsoDateTimeSchema.optional(),
      amount: MoneySchema.refine((a) => a > 0, 'Please enter a valid payment amount.'),
      currency: CurrencyCodeSchema,
      description: textSchema().trim().max(200).nullable().optional(),
    }),
    paymentMethodInfo: z.object({
      paymentMethodId: IdSchema,
      cardId: textSchema().max(100).optional(),
      selected: z.boolean().default(true),
    }),
    paymentAssignments: z.array(PaymentAssignmentInputSchema).max(500).optional(),
  }),
);
export type PaymentToCreate = z.input<typeof PaymentToCreateSchema>;

export const PaymentResultSchema = builtOnFirstUse(() =>
  z.object({
    payment: RecentPaymentSchema.nullable(),
    error: z.string().nullable(),
  }),
);
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PaymentProviderNameSchema = builtOnFirstUse(() => z.enum(PAYMENT_PROVIDERS));
export const PublicKeyResponseSchema = builtOnFirstUse(() =>
  z.object({ publicKey: z.string(), provider: PaymentProviderNameSchema }),
);
export type PublicKeyResponse = z.infer<typeof PublicKeyResponseSchema>;

/** checkoutapi/setup body. */
/** The theme chosen in the portal ("system" follows the device) and the language it is read in. */
export const CHECKOUT_THEMES = ['light', 'dark', 'system'] as const;
export const CHECKOUT_LANGUAGES = ['en', 'fr'] as const;
export const CheckoutAppearanceSchema = builtOnFirstUse(() =>
  z.object({ theme: z.enum(CHECKOUT_THEMES), language: z.enum(CHECKOUT_LANGUAGES) }),
);
export type CheckoutAppearance = z.infer<typeof CheckoutAppearanceSchema>;

export const CheckoutSetupRequestSchema = builtOnFirstUse(() =>
  z.object({
    accountId: IdSchema,
    order: z.object({
      name: textSchema().max(200),
      accountId: IdSchema,
      description: textSchema().max(500).optional(),
      email: textSchema().max(254).nullable().optional(),
      accountType: textSchema().max(50).optional(),
      currency: CurrencyCodeSchema,
      address: z
        .object({
          city: textSchema().max(80).nullable(),
          country: textSchema().max(80).nullable(),
          postalCode: textSchema().max(20).nullable(),
          state: textSchema().max(80).nullable(),
          line1: textSchema().max(200).nullable(),
        })
        .optional(),
    }),
    successUrl: z.url().max(2000),
    cancelUrl: z.url().max(2000),
    /** How the person sees the portal, so the provider's page looks and reads the same (docs/decisions/0014-languages-of-what-customers-receive.md). */
    appearance: CheckoutAppearanceSchema.optional(),
    /** A card (the default) or a bank account (docs/decisions/0035-bank-debit.md). */
    methodType: z.enum(PAYMENT_METHOD_TYPES).default('card'),
    /** For a bank account: the agreement the person accepted, by version, in the language they read it. */
    agreement: z.object({ version: textSchema().max(40), language: z.enum(CHECKOUT_LANGUAGES), accepted: z.literal(true) }).optional(),
  }),
);
export type CheckoutSetupRequest = z.input<typeof CheckoutSetupRequestSchema>;
/** `id` is the provider's session id; `url` is where the browser goes to enter the card. */
export const CheckoutSetupResponseSchema = builtOnFirstUse(() => z.object({ id: z.string(), url: z.string() }));
export type CheckoutSetupResponse = z.infer<typeof CheckoutSetupResponseSchema>;

/** The provider sends the browser back with its session id (`checkoutapi/complete`). */
export const CheckoutCompleteQuerySchema = builtOnFirstUse(() => z.object({ session_id: textSchema().min(1).max(255) }));

/** The sandbox provider's hosted checkout page: its session id, and the card form it posts. */
export const SandboxCheckoutParamsSchema = builtOnFirstUse(() => z.object({ sessionId: textSchema().min(1).max(255) }));
/** The page's query: the appearance the portal asked for (absent: the device's scheme, the account's language). */
export const SandboxCheckoutQuerySchema = builtOnFirstUse(() =>
  z.object({ theme: z.enum(CHECKOUT_THEMES).optional(), lang: z.enum(CHECKOUT_LANGUAGES).optional() }),
);
const formText = builtOnFirstUse(() => textSchema().max(200).optional().default(''));
export const SandboxCardFormSchema = builtOnFirstUse(() =>
  z.object({ cardNumber: formText, expiry: formText, cvc: formText, nameOnCard: formText }),
);
/** The sandbox's bank account form: PAD fields (transit, institution) or ACH's (routing), an account number, the holder. */
export const SandboxBankFormSchema = builtOnFirstUse(() =>
  z.object({ transit: formText, institution: formText, routing: formText, accountNumber: formText, accountHolder: formText }),
);

/** What the webhook answers the card provider. */
export const WebhookReceiptSchema = builtOnFirstUse(() =>
  z.object({ received: z.boolean(), outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
);

/** A query flag written bare (`?autoAssignPayment`), as `=true`/`=1`, or `=false`/`=0`. */
export const queryFlag = builtOnFirstUse(() =>
  z
    .enum(['', 'true', 'false', '1', '0'], { error: 'Must be true or false' })
    .optional()
    .transform((v) => v === '' || v === 'true' || v === '1'),
);
export const CustomerPaymentQuerySchema = builtOnFirstUse(() => z.object({ autoAssignPayment: queryFlag }));

/**
 * Return parameters the checkout success URL carries. When the card was not saved, the service
 * sends the browser to the success URL without `paymentMethodAdded` and `showPaymentModal`, and with
 * `cardNotSaved` naming why (a CHECKOUT_NOT_SAVED_REASONS value).
 */
export const CHECKOUT_RETURN_PARAMS = {
  paymentMethodAdded: 'paymentMethodAdded',
  fromInvoiceId: 'fromInvoiceId',
  showPaymentModal: 'showPaymentModal',
  cardNotSaved: 'cardNotSaved',
} as const;

/** Why a card entered at checkout was not saved: `duplicate`, the same card (by the provider's fingerprint) is on the account already. */
export const CHECKOUT_NOT_SAVED_REASONS = ['duplicate'] as const;
export type CheckoutNotSavedReason = (typeof CHECKOUT_NOT_SAVED_REASONS)[number];

/** Texts the payment, card and checkout calls answer with in `{ error }` (or a PaymentResult's `error`). */
export const PAYMENT_MESSAGES = {
  moreThanOwing: 'The payment amount is more than the balance owing.',
  cardExpired: 'This card has expired. Please choose another card or add a new one.',
  assignmentsSum: 'The amounts assigned to invoices must add up to the payment amount.',
  duplicateAssignment: 'Each invoice can appear only once in a payment.',
  idempotencyKeyReused: 'This payment was already submitted with different details. Please start a new payment.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  declined: 'Your card was declined.',
  processorUnavailable: 'The card processor could not be reached, so the payment was not made. Please try again.',
  cardRemoved: 'The card was removed before the payment could be made.',
  expiredCannotBeDefault: 'An expired card cannot be the default payment method.',
  cardPaysAutopay:
    'This card pays your automatic payments. Choose another card for automatic payments, or turn them off, before deleting it.',
  autopayNeedsSchedule: 'Set up automatic payments first: choose a card, how often to pay and how much.',
  autopayCardExpired: 'The card for automatic payments has expired. Please choose another card.',
  autopayAccountMismatch: 'The schedule must be for the account in the address.',
  returnUrlOrigin: 'The return and cancel addresses must be on this site.',
  orderAccountMismatch: 'The order must be for the account being set up.',
  checkoutUnavailable: 'This checkout session has expired or was already used. Please start again from the portal.',
} as const;

/** The 400 answer when a payment is not in the account's currency. */
export const wrongCurrencyMessage = (accountCurrency: string): string =>
  `Payments on this account must be in ${accountCurrency}.`;

// ── Provider API: offline payments and credits (docs/decisions/0020-offline-payments-and-credits.md) ──

/** A positive amount as a decimal string ("12.34"), to the cent; answered in its canonical form ("12.3" → "12.30"). */
export const PositiveDecimalSchema = builtOnFirstUse(() =>
  z
    .string({ error: 'Must be an amount written as a decimal string, e.g. "12.34"' })
    .check((payload) => {
      const parsed = parseMoney(payload.value);
      if (!parsed.ok) payload.issues.push({ code: 'custom', message: parsed.problem, input: payload.value });
      else if (parsed.minor <= 0n) payload.issues.push({ code: 'custom', message: 'Must be more than zero', input: payload.value });
    })
    .transform((value) => {
      const parsed = parseMoney(value);
      return parsed.ok ? minorToDecimal(parsed.minor) : value;
    }),
);

/** POST /p/v1/payments: a payment taken elsewhere, allocated oldest first unless invoices are named. */
export const ProviderPaymentInputSchema = builtOnFirstUse(() =>
  z.object({
    externalId: ExternalIdSchema,
    accountExternalId: ExternalIdSchema,
    amount: PositiveDecimalSchema,
    currency: CurrencyCodeSchema,
    receivedAt: IsoDateTimeSchema,
    method: z.enum(OFFLINE_PAYMENT_METHODS, { error: 'Must be one of bank_transfer, cash, cheque, other' }),
    reference: trimmedText(200).nullable().optional(),
    /** Invoices to pay, in this order, each up to what it has open; absent: the oldest open ones first. */
    invoiceExternalIds: z.array(ExternalIdSchema).min(1, 'Name at least one invoice, or leave the field out').max(500).optional(),
  }),
);
export type ProviderPaymentInput = z.output<typeof ProviderPaymentInputSchema>;

/** What a payment or credit took off one invoice (its receivable). */
export const ProviderAllocationSchema = builtOnFirstUse(() =>
  z.object({ invoiceExternalId: z.string().nullable(), invoiceNumber: z.string(), amount: z.string() }),
);

/** An offline payment as the provider API answers it, the same on every repeat. */
export const ProviderPaymentSchema = builtOnFirstUse(() =>
  z.object({
    externalId: z.string(),
    accountExternalId: z.string(),
    amount: z.string(),
    currency: CurrencyCodeSchema,
    receivedAt: IsoDateTimeSchema,
    method: z.enum(OFFLINE_PAYMENT_METHODS),
    reference: z.string().nullable(),
    status: PaymentStatusSchema,
    receiptNumber: z.string(),
    allocations: z.array(ProviderAllocationSchema),
  }),
);
export type ProviderPayment = z.infer<typeof ProviderPaymentSchema>;

/** POST /p/v1/credits: a credit note on an invoice, or on the account (spread over its oldest open invoices). */
export const ProviderCreditInputSchema = builtOnFirstUse(() =>
  z.object({
    externalId: ExternalIdSchema,
    accountExternalId: ExternalIdSchema,
    invoiceExternalId: ExternalIdSchema.optional(),
    amount: PositiveDecimalSchema,
    reason: trimmedText(200).min(1, 'A reason is required'),
  }),
);
export type ProviderCreditInput = z.output<typeof ProviderCreditInputSchema>;

export const ProviderCreditSchema = builtOnFirstUse(() =>
  z.object({
    externalId: z.string(),
    accountExternalId: z.string(),
    invoiceExternalId: z.string().nullable(),
    amount: z.string(),
    currency: CurrencyCodeSchema,
    reason: z.string(),
    createdAt: IsoDateTimeSchema,
    /** What it took off invoices when issued. */
    allocations: z.array(ProviderAllocationSchema),
    /** What was more than was open when issued: the account's unapplied credit, for invoices posted later. */
    unapplied: z.string(),
  }),
);
export type ProviderCredit = z.infer<typeof ProviderCreditSchema>;

/** Texts of the offline payment and credit calls' refusals. */
export const PROVIDER_PAYMENT_MESSAGES = {
  unknownAccount: 'No account has this external id.',
  unknownInvoice: 'No posted invoice of this account has this external id.',
  duplicateInvoice: 'Each invoice can appear only once.',
  paymentAboveOwing: 'The payment is more than the invoices named (or the account) have open: the ledger keeps no unapplied credit.',
  receivedInFuture: 'A payment cannot be received in the future.',
  paymentChanged: 'A payment with this external id was recorded with different details; a recorded payment cannot change.',
  creditChanged: 'A credit with this external id was issued with different details; an issued credit cannot change.',
} as const;
