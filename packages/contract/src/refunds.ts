/**
 * Refunds of Successful payments (docs/decisions/0036-refunds-and-pay-all.md): what Staff send, what
 * Payment History shows, and the rule of how much a payment still holds.
 */
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateTimeSchema, MoneySchema } from './primitives';
import { trimmedText } from './text';
import { toMinor } from './money';
import { builtOnFirstUse } from './lazy-schema';

export const REFUND_REASON_MAX = 500;

export const RefundRequestSchema = builtOnFirstUse(() =>
  z.strictObject({
    amount: MoneySchema.refine((amount) => toMinor(amount) > 0n, 'Enter an amount greater than zero'),
    reason: trimmedText(REFUND_REASON_MAX).min(1, 'Say why the payment is refunded'),
  }),
);
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const REFUND_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund as Payment History and the refund call answer it. */
export const RefundSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    paymentId: IdSchema,
    date: IsoDateTimeSchema,
    amount: MoneySchema,
    currency: CurrencyCodeSchema,
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    /** "RF-0000001": what the refund receipt is numbered. */
    receiptNumber: z.string(),
    /** The provider's words when it refused the refund; null otherwise. */
    failureMessage: z.string().nullable(),
  }),
);
export type Refund = z.infer<typeof RefundSchema>;

export const RefundListSchema = builtOnFirstUse(() => z.object({ value: z.array(RefundSchema) }));

export const RefundParamsSchema = builtOnFirstUse(() => z.object({ refundId: IdSchema }));

export const REFUND_MESSAGES = {
  notRefundable: 'Only a successful payment can be refunded.',
  noProvider: 'This payment was not taken by a payment provider the portal can refund through.',
  moreThanHeld: 'The refund is more than what the payment still holds.',
  wrongCurrency: 'A refund is in the currency of its payment.',
  notSucceeded: 'This refund did not go through, so there is no receipt.',
} as const;

/**
 * What a payment still holds, in minor units: its amount less its refunds that have not failed (a Pending
 * one is already promised back). A refund above this is refused.
 */
export const refundableMinor = (paymentMinor: bigint, refunds: readonly { status: RefundStatus; amountMinor: bigint }[]): bigint =>
  refunds.reduce((left, refund) => (refund.status === 'Failed' ? left : left - refund.amountMinor), paymentMinor);
