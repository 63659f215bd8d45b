/**
 * How an account paid its posted invoices: manual payers pay each invoice some days after it is
 * issued (now and then late, two at once, or after a declined attempt) and leave the latest ones
 * open; autopay accounts are charged on each due date that has passed. Every successful payment
 * is assigned to the receivables it settles; failed attempts are recorded without assignments.
 */
import { AUTOPAY_OFF, AUTOPAY_ON, type Language, type PaymentFailureReason } from '@portal/contract';
import type { CardBrand, CardSpec, PaymentHabits } from './account-spec';
import { formatCents } from '../../lib/rating';
import { DAY_SECONDS, DUE_AFTER_DAYS } from './calendar';
import { CARD_DECLINED, PAYMENT_TEXTS, type Currency } from './catalog';
import type { Rng } from './random';
import type { AssignmentRow, IdCursor, PaymentRow } from './tables';

export interface SavedCard {
  id: number;
  spec: CardSpec;
  /** Last day the card can be charged (end of its expiry month). */
  expiryEndDay: number;
}

export interface PayableInvoice {
  receivableId: number;
  amountCents: number;
  postedDay: number;
  dueDay: number;
}

export interface PaymentContext {
  accountId: number;
  currency: Currency;
  language: Language;
  autopay: boolean;
  habits: PaymentHabits;
  cards: readonly SavedCard[];
  formerCard: { brand: CardBrand; last4: string };
  /** The user recorded as making manual payments. */
  payerUserId: number | null;
  /** Nothing is paid on or after this day (today): every payment is in the past. */
  today: number;
  seed: number;
}

interface Settlement {
  parts: { invoice: PayableInvoice; cents: number }[];
  day: number;
  automatic: boolean;
}

const SETTLE_SECONDS = 3;

/** The card a payment on `day` is made with: the default if it was usable then, else any usable one. */
export const cardOn = (cards: readonly SavedCard[], day: number): SavedCard | null => {
  const usable = cards.filter((c) => c.spec.createdDay <= day && day <= c.expiryEndDay);
  return usable.find((c) => c.spec.isDefault) ?? usable[0] ?? null;
};

/** Which invoices are settled, when, and for how much (before ids and cards are attached). */
const settlements = (invoices: readonly PayableInvoice[], ctx: PaymentContext, rng: Rng): Settlement[] => {
  if (ctx.autopay) {
    return invoices
      .filter((inv) => inv.dueDay < ctx.today)
      .map((invoice) => ({ parts: [{ invoice, cents: invoice.amountCents }], day: invoice.dueDay, automatic: true }));
  }
  const { habits } = ctx;
  const openFrom = Math.max(0, invoices.length - habits.unpaidLatest);
  const partialAt = habits.partialCents === undefined ? -1 : openFrom - 1;
  const result: Settlement[] = [];
  for (let i = 0; i < openFrom; i++) {
    const invoice = invoices[i]!;
    const cents = i === partialAt ? Math.min(habits.partialCents!, invoice.amountCents) : invoice.amountCents;
    const parts = [{ invoice, cents }];
    // Usually paid before the due date, sometimes a few days late.
    let day = invoice.postedDay + rng.int(3, DUE_AFTER_DAYS + 4);
    if (i !== partialAt && i + 1 < openFrom && i + 1 !== partialAt && rng.chance(habits.combineChance)) {
      const next = invoices[++i]!;
      parts.push({ invoice: next, cents: next.amountCents });
      day = next.postedDay + rng.int(3, DUE_AFTER_DAYS);
    }
    day = Math.min(day, ctx.today - 1);
    // An invoice issued too recently to have been paid yet stays open.
    if (day < parts[parts.length - 1]!.invoice.postedDay) continue;
    result.push({ parts, day, automatic: false });
  }
  return result;
};

export const planPayments = (
  invoices: readonly PayableInvoice[],
  ctx: PaymentContext,
  cursor: IdCursor,
  rng: Rng,
): { payments: PaymentRow[]; assignments: AssignmentRow[] } => {
  const payments: PaymentRow[] = [];
  const assignments: AssignmentRow[] = [];
  const texts = PAYMENT_TEXTS[ctx.language];
  const plan = settlements(invoices, ctx, rng);
  const forced = ctx.habits.failedAttemptOnLatestPaid;
  const lastFullIndex = plan.findLastIndex((s) => s.parts.every((p) => p.cents === p.invoice.amountCents));

  const record = (
    second: number,
    cents: number,
    card: SavedCard | null,
    automatic: boolean,
    failure: { message: string; reason: PaymentFailureReason } | null,
  ): number => {
    const id = cursor.payments++;
    const date = new Date(second * 1000);
    payments.push({
      id,
      accountId: ctx.accountId,
      date,
      amount: formatCents(cents),
      currency: ctx.currency,
      status: failure === null ? 'Successful' : 'Error',
      type: automatic ? AUTOPAY_ON : AUTOPAY_OFF,
      description: automatic ? texts.automatic : texts.manual,
      paymentMethodId: card?.id ?? null,
      cardBrand: card?.spec.brand ?? ctx.formerCard.brand,
      cardLast4: card?.spec.last4 ?? ctx.formerCard.last4,
      provider: 'sandbox',
      providerRef: `ch_seed_${id}`,
      idempotencyKey: null,
      failureMessage: failure?.message ?? null,
      failureReason: failure?.reason ?? null,
      createdByUserId: automatic ? null : ctx.payerUserId,
      createdAt: date,
      settledAt: new Date((second + SETTLE_SECONDS) * 1000),
    });
    return id;
  };

  plan.forEach((settlement, index) => {
    const { day, automatic, parts } = settlement;
    const second = day * DAY_SECONDS + (automatic ? 10 * 3600 + rng.int(0, 900) : rng.int(13 * 3600, 23 * 3600));
    const card = cardOn(ctx.cards, day);
    const total = parts.reduce((sum, p) => sum + p.cents, 0);
    if (forced && index === lastFullIndex) {
      const tried = ctx.cards.find((c) => c.spec.providerRef === forced.cardRef);
      if (!tried) throw new Error(`No saved card ${forced.cardRef} for the failed attempt`);
      record(second - DAY_SECONDS, total, tried, false, forced);
    } else if (rng.chance(ctx.habits.declineChance)) {
      record(second - DAY_SECONDS + rng.int(0, 3600), total, card, automatic, { message: CARD_DECLINED, reason: 'card_declined' });
    }
    const paymentId = record(second, total, card, automatic, null);
    for (const part of parts) {
      assignments.push({
        id: cursor.payment_assignments++,
        paymentId,
        receivableId: part.invoice.receivableId,
        amount: formatCents(part.cents),
      });
    }
  });
  return { payments, assignments };
};
