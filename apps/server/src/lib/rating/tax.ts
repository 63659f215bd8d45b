import { applyRate, formatPercent } from './amounts';

/**
 * Canadian sales taxes on telecom services by the province of the billing address. QST is levied
 * on the price before GST (no tax on tax since 2013). Only provinces whose rates held steady over
 * the demo's two and a half years are used, so every generated month is correct. US accounts carry
 * no tax lines in the demo (US telecom taxes are a different, county-level system).
 */
export type TaxCode = 'GST' | 'HST' | 'QST' | 'PST' | 'RST';

export interface TaxRule {
  code: TaxCode;
  /** Parts per million: 13 % = 130_000, 9.975 % = 99_750. */
  ratePpm: number;
  /** The name on a French-language bill (TPS/TVQ in Quebec). */
  frenchCode: string;
}

const GST: TaxRule = { code: 'GST', ratePpm: 50_000, frenchCode: 'TPS' };

export const TAX_RULES_BY_PROVINCE: Readonly<Record<string, readonly TaxRule[]>> = {
  ON: [{ code: 'HST', ratePpm: 130_000, frenchCode: 'TVH' }],
  QC: [GST, { code: 'QST', ratePpm: 99_750, frenchCode: 'TVQ' }],
  BC: [GST, { code: 'PST', ratePpm: 70_000, frenchCode: 'TVP' }],
  MB: [GST, { code: 'RST', ratePpm: 70_000, frenchCode: 'TVD' }],
  AB: [GST],
};

export const taxRulesFor = (country: string, province: string): readonly TaxRule[] => {
  if (country !== 'CA') return [];
  const rules = TAX_RULES_BY_PROVINCE[province];
  if (!rules) throw new RangeError(`No tax rules for province ${province}`);
  return rules;
};

export interface TaxLine {
  rule: TaxRule;
  amountCents: number;
  description: string;
}

/** One line per tax on the taxable subtotal, each rounded to the cent on its own (as bills show). */
export const taxLines = (subtotalCents: number, rules: readonly TaxRule[], language: 'English' | 'French'): TaxLine[] =>
  rules.map((rule) => ({
    rule,
    amountCents: applyRate(subtotalCents, rule.ratePpm),
    description:
      language === 'French'
        ? `${rule.frenchCode} ${formatPercent(rule.ratePpm, ',')} %`
        : `${rule.code} ${formatPercent(rule.ratePpm)}%`,
  }));
