/**
 * What the provider sells and how usage is priced: the plans (price per line, domestic minutes and
 * data included) and the usage classes with their rates. The demo seed rates its CDRs and builds its
 * invoices with these, and the server estimates the next bill with the same ones.
 */
import type { Language } from '@portal/contract';

export type Country = 'CA' | 'US';
export type Currency = 'CAD' | 'USD';

export interface Plan {
  names: Readonly<Record<Language, string>>;
  currency: Currency;
  /** Price of one line for a month. */
  monthlyCents: number;
  /** Domestic minutes included; null = unlimited Canada-wide (or nationwide) calling. */
  includedMinutes: number | null;
  /** Domestic data included, in MB. */
  includedMb: number;
  business: boolean;
}

const plan = (
  en: string,
  fr: string,
  currency: Currency,
  monthlyCents: number,
  includedMinutes: number | null,
  includedMb: number,
  business = false,
): Plan => ({
  names: { English: en, French: fr },
  currency,
  monthlyCents,
  includedMinutes,
  includedMb,
  business,
});

export const PLANS = {
  talkText150: plan('Talk & Text 150 + 5 GB', 'Parler-texter 150 + 5 Go', 'CAD', 4000, 150, 5 * 1024),
  essential10: plan('Essential 10 GB', 'Essentiel 10 Go', 'CAD', 4500, null, 10 * 1024),
  unlimited50: plan('Unlimited Canada 50 GB', 'Illimité Canada 50 Go', 'CAD', 6500, null, 50 * 1024),
  student20: plan('Student 20 GB', 'Étudiant 20 Go', 'CAD', 3900, null, 20 * 1024),
  senior100: plan('Senior Talk 100 + 1 GB', 'Aînés 100 + 1 Go', 'CAD', 1500, 100, 1024),
  businessPro100: plan('Business Pro 100 GB', 'Affaires Pro 100 Go', 'CAD', 8500, null, 100 * 1024, true),
  usUnlimited15: plan('US Unlimited 15 GB', 'Illimité É.-U. 15 Go', 'USD', 4000, null, 15 * 1024),
  usBasic500: plan('US Basic 500 + 5 GB', 'Base É.-U. 500 + 5 Go', 'USD', 3000, 500, 5 * 1024),
  usBusiness50: plan('US Business 50 GB', 'Affaires É.-U. 50 Go', 'USD', 7000, null, 50 * 1024, true),
} as const satisfies Record<string, Plan>;


/**
 * Rated usage. Each class becomes one Usage charge per invoice (quantity × rate), and every CDR of
 * the class carries its own share, so the charges are exactly the sum of the CDRs behind them.
 */
export const UsageClass = {
  VoiceOverage: 0,
  CrossBorder: 1,
  International: 2,
  InternationalSms: 3,
  DataOverage: 4,
  RoamingVoice: 5,
  RoamingSms: 6,
  RoamingData: 7,
} as const;
export type UsageClass = (typeof UsageClass)[keyof typeof UsageClass];
export const USAGE_CLASS_COUNT = 8;

/** Price per unit (minute, message or MB) in ten-thousandths of the account's currency. */
export const USAGE_RATES: readonly number[] = [2500, 1000, 4500, 2000, 100, 10000, 3500, 500];


/** The usage classes of a roaming record and of usage beyond the plan's allowances. */
export const ROAMING_CLASSES: readonly UsageClass[] = [UsageClass.RoamingVoice, UsageClass.RoamingSms, UsageClass.RoamingData];
export const OVERAGE_CLASSES: readonly UsageClass[] = [UsageClass.VoiceOverage, UsageClass.DataOverage];

export const isUsageClass = (value: number): value is UsageClass => Number.isInteger(value) && value >= 0 && value < USAGE_CLASS_COUNT;

const PLANS_LONGEST_NAME_FIRST = Object.values(PLANS as Record<string, Plan>)
  .flatMap((plan) => Object.values(plan.names).map((name) => ({ name, plan })))
  .sort((a, b) => b.name.length - a.name.length);

/**
 * The plan a Plan charge bills, from its description: the plan's name in either language, followed
 * for several lines by " (N lines)" / " (N lignes)". Undefined for a description of no known plan.
 */
export const planOfChargeDescription = (description: string): Plan | undefined =>
  PLANS_LONGEST_NAME_FIRST.find(({ name }) => description === name || description.startsWith(`${name} (`))?.plan;
