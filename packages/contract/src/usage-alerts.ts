/**
 * Usage alerts and the spending limit (docs/decisions/0033-usage-alerts-and-spending-limits.md): which
 * shares of each allowance an account is told about, an amount of charges beyond the plan to be told
 * at, and a monthly limit on those charges past which the provider bars service.
 */
import { z } from 'zod';
import { MoneySchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';

/** The allowances alerts watch: voice minutes, texts, data, and roaming (charges abroad against the spending limit). */
export const ALERT_ALLOWANCES = ['voice', 'sms', 'data', 'roaming'] as const;
export type AlertAllowance = (typeof ALERT_ALLOWANCES)[number];

/** The shares of an allowance an alert can be set at. */
export const ALERT_PERCENTS = [50, 80, 90, 100] as const;
export type AlertPercent = (typeof ALERT_PERCENTS)[number];

/** What an account has before anyone chooses: 80 and 100 % of every allowance, by email too. */
export const DEFAULT_ALERT_PERCENTS: readonly AlertPercent[] = [80, 100];

const percentSchema = () =>
  z.union(
    ALERT_PERCENTS.map((p) => z.literal(p)),
    { error: `percents must be among ${ALERT_PERCENTS.join(', ')}` },
  );

export const UsageAlertSettingsSchema = builtOnFirstUse(() =>
  z
    .object({
      allowances: z
        .array(
          z
            .object({
              kind: z.enum(ALERT_ALLOWANCES, { error: `kind must be one of ${ALERT_ALLOWANCES.join(', ')}` }),
              percents: z
                .array(percentSchema())
                .max(ALERT_PERCENTS.length)
                .transform((ps) => ALERT_PERCENTS.filter((p) => ps.includes(p))),
            })
            .strict(),
        )
        .max(ALERT_ALLOWANCES.length)
        .refine((list) => new Set(list.map((a) => a.kind)).size === list.length, 'Each allowance at most once'),
      /** Told once charges beyond the plan this period pass it; absent for no such alert. */
      overageAmount: MoneySchema.refine((n) => n > 0, 'overageAmount must be more than 0').optional(),
      email: z.boolean({ error: 'email must be true or false' }),
    })
    .strict(),
);
export type UsageAlertSettings = z.output<typeof UsageAlertSettingsSchema>;

/** The settings of an account that never chose (pure). */
export const defaultAlertSettings = (): UsageAlertSettings => ({
  allowances: ALERT_ALLOWANCES.map((kind) => ({ kind, percents: [...DEFAULT_ALERT_PERCENTS] })),
  email: true,
});

/** A spending limit on charges beyond the plan in a period; null for none. */
export const UsageLimitInputSchema = builtOnFirstUse(() =>
  z.object({ amount: MoneySchema.refine((n) => n > 0, 'amount must be more than 0').nullable() }).strict(),
);
export type UsageLimitInput = z.output<typeof UsageLimitInputSchema>;

/** The limit, what this period's charges beyond the plan have used of it, and whether it is reached (service barred by the provider). */
export const UsageLimitSchema = builtOnFirstUse(() =>
  z.object({ amount: MoneySchema.nullable(), used: MoneySchema, reached: z.boolean() }),
);
export type UsageLimit = z.output<typeof UsageLimitSchema>;
