/**
 * One balance for a family or a business (docs/decisions/0036-refunds-and-pay-all.md): a parent account's
 * consolidated balance and overdue across itself and its sub-accounts, and "Pay all", one card payment
 * allocated to each account's receivables.
 */
import { z } from 'zod';
import { addMoney, fromMinor, toMinor } from './money';
import { CurrencyCodeSchema, IdSchema, type CurrencyCode, type Money } from './primitives';
import { BalanceSchema, OverdueBalanceSchema, RecentPaymentSchema, type Balance, type OverdueBalance } from './payments';
import { builtOnFirstUse } from './lazy-schema';

export const FamilyBalanceSchema = builtOnFirstUse(() =>
  z.object({
    /** The parent first, then its sub-accounts the caller may use, each with its own balances and overdue. */
    accounts: z.array(
      z.object({ accountId: IdSchema, customerNo: z.string(), name: z.string(), balances: z.array(BalanceSchema), overdue: z.array(OverdueBalanceSchema) }),
    ),
    /** Per currency, the sum of the accounts' balances (negative = owing) and of what is overdue (since the oldest). */
    balances: z.array(BalanceSchema),
    overdue: z.array(OverdueBalanceSchema),
  }),
);
export type FamilyBalance = z.infer<typeof FamilyBalanceSchema>;

export const PayAllRequestSchema = builtOnFirstUse(() =>
  z.strictObject({ accountId: IdSchema, paymentMethodId: IdSchema, currency: CurrencyCodeSchema }),
);
export type PayAllRequest = z.input<typeof PayAllRequestSchema>;

export const PayAllResultSchema = builtOnFirstUse(() =>
  z.object({
    /** The payment the card was charged by: the first share (the parent's when it owed something). */
    payment: RecentPaymentSchema,
    /** Each account's share, the lead's included, by account. */
    shares: z.array(z.object({ accountId: IdSchema, paymentId: IdSchema, amount: z.number() })),
    error: z.string().nullable(),
  }),
);
export type PayAllResult = z.infer<typeof PayAllResultSchema>;

export const PAY_ALL_MESSAGES = {
  nothingOwing: 'Nothing is owed in this currency across these accounts.',
} as const;

/** The accounts' balances summed per currency, by currency code: what the family owes (negative) or holds. */
export const sumBalances = (balances: readonly Balance[]): Balance[] => {
  const byCurrency = new Map<CurrencyCode, Money[]>();
  for (const b of balances) byCurrency.set(b.currency.code, [...(byCurrency.get(b.currency.code) ?? []), b.amount]);
  return [...byCurrency.keys()].sort().map((code) => ({ amount: addMoney(0, ...byCurrency.get(code)!), currency: { code } }));
};

/** What is overdue summed per currency, since the oldest of the accounts' dates. */
export const sumOverdue = (overdue: readonly OverdueBalance[]): OverdueBalance[] => {
  const byCurrency = new Map<CurrencyCode, { minor: bigint; since: string }>();
  for (const o of overdue) {
    const seen = byCurrency.get(o.currency.code);
    byCurrency.set(o.currency.code, {
      minor: (seen?.minor ?? 0n) + toMinor(o.amount),
      since: seen && seen.since < o.since ? seen.since : o.since,
    });
  }
  return [...byCurrency.keys()].sort().map((code) => ({ amount: fromMinor(byCurrency.get(code)!.minor), currency: { code }, since: byCurrency.get(code)!.since }));
};
