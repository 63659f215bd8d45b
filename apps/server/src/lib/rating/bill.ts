/**
 * The bill's rules on top of the rates: a usage charge is its records' rated amounts rounded to the
 * cent, the plan is its monthly price per line, and taxes are one line per tax on the subtotal.
 * The demo seed writes its invoices with these, and the This period estimate applies them to the
 * usage so far, so an estimate and the invoice that follows agree.
 */
import type { Language } from '@portal/contract';
import { tenThousandthsToCents } from './amounts';
import { USAGE_CLASS_COUNT, type Plan } from './catalog';
import { TAX_RULES_BY_PROVINCE, taxLines, type TaxLine, type TaxRule } from './tax';

/** A usage charge (cents) from the rated amounts (ten-thousandths) of its records. */
export const usageChargeCents = (ratedTenThousandths: number): number => tenThousandthsToCents(ratedTenThousandths);

/** What the usage classes bill together: each class's charge rounded on its own, as the invoice lines are. */
export const usageChargesCents = (ratedByClass: readonly number[]): number =>
  ratedByClass.reduce((sum, rated) => sum + usageChargeCents(rated), 0);

/** The Plan line: the monthly price of each line. */
export const planChargeCents = (plan: Pick<Plan, 'monthlyCents'>, lines: number): number => plan.monthlyCents * lines;

/**
 * The taxes of a billing address; null where the rules are not known (a Canadian province the
 * catalogue has no rates for), so an estimate says it leaves taxes out instead of guessing.
 */
export const taxRulesOf = (country: string, province: string | null): readonly TaxRule[] | null =>
  country !== 'CA' ? [] : (TAX_RULES_BY_PROVINCE[province ?? ''] ?? null);

export interface BillEstimate {
  planCents: number;
  usageCents: number;
  subtotalCents: number;
  taxes: TaxLine[];
  totalCents: number;
  /** False when the address's tax rules are unknown: the total has no taxes. */
  taxesKnown: boolean;
}

/** The next bill from the plan and the usage so far: plan + usage charges, then taxes on their sum. */
export const estimateBill = (input: {
  planCents: number;
  ratedByClass: readonly number[];
  taxRules: readonly TaxRule[] | null;
  language: Language;
}): BillEstimate => {
  if (input.ratedByClass.length !== USAGE_CLASS_COUNT) throw new RangeError(`Expected ${USAGE_CLASS_COUNT} usage classes`);
  const usageCents = usageChargesCents(input.ratedByClass);
  const subtotalCents = input.planCents + usageCents;
  const taxes = input.taxRules ? taxLines(subtotalCents, input.taxRules, input.language) : [];
  const totalCents = taxes.reduce((sum, tax) => sum + tax.amountCents, subtotalCents);
  return { planCents: input.planCents, usageCents, subtotalCents, taxes, totalCents, taxesKnown: input.taxRules !== null };
};
