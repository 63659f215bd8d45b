/**
 * This period (pure): the open period's usage against the plan's allowances and the estimate of the
 * next bill, by the rating rules the invoices are written with (lib/rating).
 */
import { fromMinor, toMinor, type CurrencyCode, type Language, type UsageSummary } from '@portal/contract';
import {
  OVERAGE_CLASSES,
  ROAMING_CLASSES,
  USAGE_CLASS_COUNT,
  UsageClass,
  estimateBill,
  planChargeCents,
  planOfChargeDescription,
  usageChargeCents,
  type TaxRule,
} from '../../lib/rating';
import { ratedByClass } from './presenter';
import type { AccountPlanRow, PlanLineRow, UsageGroupRow } from './repository';

const money = (cents: number) => fromMinor(BigInt(cents));

/** Long distance and international: priced per unit, neither overage nor roaming. */
const OTHER_CLASSES: readonly number[] = [UsageClass.CrossBorder, UsageClass.International, UsageClass.InternationalSms];

const sumWhere = (groups: readonly UsageGroupRow[], keep: (g: UsageGroupRow) => boolean, value: (g: UsageGroupRow) => number) =>
  groups.reduce((sum, g) => (keep(g) ? sum + value(g) : sum), 0);

/** Domestic usage is what counts against the allowances: records the plan includes, and those beyond it. */
const domestic = (g: UsageGroupRow, overageClass: number) => g.usageClass === null || g.usageClass === overageClass;

export interface SummaryInput {
  period: { start: string; end: string };
  asOf: Date;
  currency: CurrencyCode;
  language: Language;
  planLine: PlanLineRow | undefined;
  /** The plan the provider set on the account: its name, lines and allowances win over the billed Plan line's. */
  accountPlan?: AccountPlanRow | null;
  /** The billing address's tax rules; null when unknown. */
  taxRules: readonly TaxRule[] | null;
  /** The period's records grouped by day, type and rating class. */
  groups: readonly UsageGroupRow[];
}

/** This period's answer but how far back records go, which the retention setting says (service.ts). */
export const summarizeUsage = (input: SummaryInput): Omit<UsageSummary, 'recordsKept'> => {
  const { groups, planLine, accountPlan } = input;
  const plan = planLine ? planOfChargeDescription(planLine.description) : undefined;
  const lines = planLine ? Math.max(1, Math.round(Number(planLine.quantity))) : 0;
  const included = accountPlan
    ? { voiceMinutes: accountPlan.voiceMinutes, textMessages: accountPlan.textMessages, dataMb: accountPlan.dataMb }
    : {
        voiceMinutes: plan && plan.includedMinutes !== null ? plan.includedMinutes * lines : null,
        // Plans include unlimited texting at home; texts abroad and overseas are charged per message.
        textMessages: null,
        dataMb: plan ? plan.includedMb * lines : null,
      };
  const rated = ratedByClass(groups);
  const charged = (classes: readonly number[]) => classes.reduce((sum, c) => sum + usageChargeCents(rated[c]!), 0);
  // A plan the catalogue does not know is estimated at what its line billed last.
  const planCents = plan ? planChargeCents(plan, lines) : planLine ? Number(toMinor(planLine.amount)) : 0;
  const estimate = estimateBill({
    planCents,
    ratedByClass: rated.slice(0, USAGE_CLASS_COUNT),
    taxRules: input.taxRules,
    language: input.language,
  });
  return {
    period: input.period,
    asOf: input.asOf.toISOString(),
    currency: input.currency,
    plan: accountPlan ? { name: accountPlan.name, lines: accountPlan.lines } : planLine ? { name: planLine.description, lines } : null,
    allowances: {
      voiceMinutes: {
        used: sumWhere(groups, (g) => g.kind === 'voice' && domestic(g, UsageClass.VoiceOverage), (g) => g.minutes),
        included: included.voiceMinutes,
      },
      textMessages: { used: sumWhere(groups, (g) => g.kind === 'sms' && g.usageClass === null, (g) => g.count), included: included.textMessages },
      dataMb: {
        used: sumWhere(groups, (g) => g.kind === 'data' && domestic(g, UsageClass.DataOverage), (g) => g.mb),
        included: included.dataMb,
      },
    },
    overage: money(charged(OVERAGE_CLASSES)),
    roaming: money(charged(ROAMING_CLASSES)),
    otherUsage: money(charged(OTHER_CLASSES)),
    estimate: {
      plan: money(estimate.planCents),
      usage: money(estimate.usageCents),
      subtotal: money(estimate.subtotalCents),
      taxes: estimate.taxes.map((t) => ({ code: t.rule.code, description: t.description, amount: money(t.amountCents) })),
      total: money(estimate.totalCents),
      taxesIncluded: estimate.taxesKnown,
    },
  };
};
