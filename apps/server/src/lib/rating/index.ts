/** Rating rules shared by the demo seed (which writes the invoices) and the Usage module (which estimates the next one). */
export {
  PPM,
  applyRate,
  formatCents,
  formatPercent,
  formatTenThousandths,
  tenThousandthsOf,
  tenThousandthsToCents,
} from './amounts';
export {
  OVERAGE_CLASSES,
  PLANS,
  ROAMING_CLASSES,
  USAGE_CLASS_COUNT,
  USAGE_RATES,
  UsageClass,
  isUsageClass,
  planOfChargeDescription,
  type Country,
  type Currency,
  type Plan,
} from './catalog';
export { TAX_RULES_BY_PROVINCE, taxLines, taxRulesFor, type TaxCode, type TaxLine, type TaxRule } from './tax';
export { estimateBill, planChargeCents, taxRulesOf, usageChargeCents, usageChargesCents, type BillEstimate } from './bill';
