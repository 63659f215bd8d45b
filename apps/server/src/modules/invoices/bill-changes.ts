/**
 * What changed on a bill against the previous one (docs/decisions/0037-a-bill-that-explains-itself.md):
 * pure rules over the two invoices' lines. Every line falls to exactly one rule, and whatever the rules
 * do not attribute is "other", so the causes sum to the difference of the totals to the cent. Amounts
 * are exact minor units (bigint); the words come from `bill-changes-texts.ts`.
 */
import { BILL_CHANGE_KINDS, toMinor, type BillChangeKind, type BillChangeUsage } from '@portal/contract';
import { OVERAGE_CLASSES, ROAMING_CLASSES, UsageClass, planOfChargeDescription } from '../../lib/rating';

export interface BillLine {
  id: bigint;
  category: 'Plan' | 'Usage' | 'OneTime' | 'Adjustment' | 'Tax';
  description: string;
  /** Decimal text, e.g. "2" lines or "130.5" minutes. */
  quantity: string;
  /** Decimal text to the cent. */
  amount: string;
  startDate: string;
  endDate: string;
  /** A Usage line's rating class (lib/rating `UsageClass`); null otherwise or when the provider named none. */
  usageClass: number | null;
}

export interface BillInvoice {
  id: bigint;
  startDate: string;
  endDate: string;
  /** The invoice's total, decimal text. */
  amount: string;
  lines: readonly BillLine[];
}

/** What a cause's words are made of, by kind. */
export type CauseDetail =
  | { kind: 'firstInvoice' }
  | { kind: 'planChanged'; from: string; to: string }
  | { kind: 'priceChanged'; description: string; previous: bigint; current: bigint }
  | { kind: 'partialMonth'; description: string; bill: 'current' | 'previous'; days: number; of: number }
  | { kind: 'newCharge'; description: string }
  | { kind: 'chargeGone'; description: string }
  | { kind: 'usageBeyondAllowance'; unit: 'minutes' | 'mb'; over: string; allowance: number | null; previous: bigint; current: bigint }
  | { kind: 'roaming'; previous: bigint; current: bigint }
  | { kind: 'usage'; descriptions: string[]; previous: bigint; current: bigint }
  | { kind: 'oneTime'; descriptions: string[]; previousDescriptions: string[] }
  | { kind: 'credits'; reasons: string[]; previousReasons: string[] }
  | { kind: 'taxes' }
  | { kind: 'other' };

export interface BillCause {
  kind: BillChangeKind;
  amount: bigint;
  chargeIds: bigint[];
  detail: CauseDetail;
  usage?: BillChangeUsage;
}

export interface BillChanges {
  difference: bigint;
  causes: BillCause[];
}

const sum = (lines: readonly BillLine[]): bigint => lines.reduce((total, line) => total + toMinor(line.amount), 0n);
const ids = (lines: readonly BillLine[]): bigint[] => lines.map((line) => line.id);
const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Days from `start` to `end`, both included (ISO dates). */
const daysOf = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** A line billed for fewer days than its invoice's period: a partial month. */
const partialDays = (line: BillLine, invoice: BillInvoice): { days: number; of: number } | undefined => {
  const days = daysOf(line.startDate, line.endDate);
  const of = daysOf(invoice.startDate, invoice.endDate);
  return days < of ? { days, of } : undefined;
};

/** Recurring lines of one description on both bills: a partial month on either, else a new price. */
const recurringChange = (
  description: string,
  current: { invoice: BillInvoice; lines: BillLine[] },
  previous: { invoice: BillInvoice; lines: BillLine[] },
): BillCause | undefined => {
  const amount = sum(current.lines) - sum(previous.lines);
  if (amount === 0n) return undefined;
  const chargeIds = ids(current.lines);
  const partialNow = current.lines.map((line) => partialDays(line, current.invoice)).find(Boolean);
  if (partialNow) return { kind: 'partialMonth', amount, chargeIds, detail: { kind: 'partialMonth', description, bill: 'current', ...partialNow } };
  const partialBefore = previous.lines.map((line) => partialDays(line, previous.invoice)).find(Boolean);
  if (partialBefore) return { kind: 'partialMonth', amount, chargeIds, detail: { kind: 'partialMonth', description, bill: 'previous', ...partialBefore } };
  return { kind: 'priceChanged', amount, chargeIds, detail: { kind: 'priceChanged', description, previous: sum(previous.lines), current: sum(current.lines) } };
};

const groupBy = (lines: readonly BillLine[], key: (line: BillLine) => string): Map<string, BillLine[]> => {
  const groups = new Map<string, BillLine[]>();
  for (const line of lines) groups.set(key(line), [...(groups.get(key(line)) ?? []), line]);
  return groups;
};

/**
 * Plan-category lines. Lines naming a known plan (lib/rating's catalogue) are the plan: another plan is
 * "plan changed". Any other recurring line is matched by its description: on both bills it changed price
 * or covered part of a month, on one only it is new or gone.
 */
const planCauses = (current: BillInvoice, previous: BillInvoice): BillCause[] => {
  const causes: BillCause[] = [];
  const isPlan = (line: BillLine) => line.category === 'Plan' && planOfChargeDescription(line.description) !== undefined;
  const plansNow = current.lines.filter(isPlan);
  const plansBefore = previous.lines.filter(isPlan);
  const namesNow = unique(plansNow.map((line) => line.description)).sort();
  const namesBefore = unique(plansBefore.map((line) => line.description)).sort();
  let recurringNow = current.lines.filter((line) => line.category === 'Plan' && !isPlan(line));
  let recurringBefore = previous.lines.filter((line) => line.category === 'Plan' && !isPlan(line));
  if (plansNow.length > 0 && plansBefore.length > 0 && namesNow.join('\n') !== namesBefore.join('\n')) {
    causes.push({
      kind: 'planChanged',
      amount: sum(plansNow) - sum(plansBefore),
      chargeIds: ids(plansNow),
      detail: { kind: 'planChanged', from: namesBefore.join(', '), to: namesNow.join(', ') },
    });
  } else {
    // The same plan (or a plan on one bill only): matched by description like any recurring line.
    recurringNow = [...plansNow, ...recurringNow];
    recurringBefore = [...plansBefore, ...recurringBefore];
  }
  const before = groupBy(recurringBefore, (line) => line.description);
  for (const [description, lines] of groupBy(recurringNow, (line) => line.description)) {
    const earlier = before.get(description);
    before.delete(description);
    if (!earlier) {
      causes.push({ kind: 'newCharge', amount: sum(lines), chargeIds: ids(lines), detail: { kind: 'newCharge', description } });
      continue;
    }
    const change = recurringChange(description, { invoice: current, lines }, { invoice: previous, lines: earlier });
    if (change) causes.push(change);
  }
  for (const [description, lines] of before) {
    causes.push({ kind: 'chargeGone', amount: -sum(lines), chargeIds: ids(lines), detail: { kind: 'chargeGone', description } });
  }
  return causes;
};

/** The plan's allowance of a usage class on this bill (minutes or MB for all its lines); null when unlimited or unknown. */
const allowanceOf = (invoice: BillInvoice, usageClass: number): number | null => {
  const planLine = invoice.lines.find((line) => line.category === 'Plan' && planOfChargeDescription(line.description));
  if (!planLine) return null;
  const plan = planOfChargeDescription(planLine.description)!;
  const lines = Math.max(1, Math.round(Number(planLine.quantity)));
  if (usageClass === UsageClass.VoiceOverage) return plan.includedMinutes === null ? null : plan.includedMinutes * lines;
  return plan.includedMb * lines;
};

const usageLines = (invoice: BillInvoice, classes: readonly number[]): BillLine[] =>
  invoice.lines.filter((line) => line.category === 'Usage' && line.usageClass !== null && classes.includes(line.usageClass));

const OTHER_USAGE_CLASSES: readonly number[] = [UsageClass.CrossBorder, UsageClass.International, UsageClass.InternationalSms];

/** Usage with a rating class: beyond the allowance (per class), roaming, and long distance and international. */
const usageCauses = (current: BillInvoice, previous: BillInvoice): BillCause[] => {
  const causes: BillCause[] = [];
  const period = { from: current.startDate, to: current.endDate };
  for (const usageClass of OVERAGE_CLASSES) {
    const now = usageLines(current, [usageClass]);
    const before = usageLines(previous, [usageClass]);
    const amount = sum(now) - sum(before);
    if (amount === 0n) continue;
    const over = now.reduce((total, line) => total + Number(line.quantity), 0);
    const voice = usageClass === UsageClass.VoiceOverage;
    causes.push({
      kind: 'usageBeyondAllowance',
      amount,
      chargeIds: ids(now),
      detail: {
        kind: 'usageBeyondAllowance',
        unit: voice ? 'minutes' : 'mb',
        over: String(over),
        allowance: allowanceOf(current, usageClass),
        previous: sum(before),
        current: sum(now),
      },
      usage: { ...period, type: voice ? 'voice' : 'data', roaming: false, minAmount: '0.01' },
    });
  }
  const roamingNow = usageLines(current, ROAMING_CLASSES);
  const roamingBefore = usageLines(previous, ROAMING_CLASSES);
  const roaming = sum(roamingNow) - sum(roamingBefore);
  if (roaming !== 0n) {
    causes.push({
      kind: 'roaming',
      amount: roaming,
      chargeIds: ids(roamingNow),
      detail: { kind: 'roaming', previous: sum(roamingBefore), current: sum(roamingNow) },
      usage: { ...period, roaming: true },
    });
  }
  const otherNow = usageLines(current, OTHER_USAGE_CLASSES);
  const otherBefore = usageLines(previous, OTHER_USAGE_CLASSES);
  const other = sum(otherNow) - sum(otherBefore);
  if (other !== 0n) {
    causes.push({
      kind: 'usage',
      amount: other,
      chargeIds: ids(otherNow),
      detail: { kind: 'usage', descriptions: unique(otherNow.map((line) => line.description)), previous: sum(otherBefore), current: sum(otherNow) },
      usage: { ...period, roaming: false, minAmount: '0.01' },
    });
  }
  return causes;
};

/** One-time charges and credits (Adjustment lines, their descriptions the reasons): this bill's against the last one's. */
const extraCauses = (current: BillInvoice, previous: BillInvoice): BillCause[] => {
  const causes: BillCause[] = [];
  const of = (invoice: BillInvoice, category: BillLine['category']) => invoice.lines.filter((line) => line.category === category);
  const descriptions = (lines: BillLine[]) => unique(lines.map((line) => line.description));
  const oneTimeNow = of(current, 'OneTime');
  const oneTimeBefore = of(previous, 'OneTime');
  const oneTime = sum(oneTimeNow) - sum(oneTimeBefore);
  if (oneTime !== 0n) {
    causes.push({
      kind: 'oneTime',
      amount: oneTime,
      chargeIds: ids(oneTimeNow),
      detail: { kind: 'oneTime', descriptions: descriptions(oneTimeNow), previousDescriptions: descriptions(oneTimeBefore) },
    });
  }
  const creditsNow = of(current, 'Adjustment');
  const creditsBefore = of(previous, 'Adjustment');
  const credits = sum(creditsNow) - sum(creditsBefore);
  if (credits !== 0n) {
    causes.push({
      kind: 'credits',
      amount: credits,
      chargeIds: ids(creditsNow),
      detail: { kind: 'credits', reasons: descriptions(creditsNow), previousReasons: descriptions(creditsBefore) },
    });
  }
  const taxesNow = of(current, 'Tax');
  const taxes = sum(taxesNow) - sum(of(previous, 'Tax'));
  if (taxes !== 0n) causes.push({ kind: 'taxes', amount: taxes, chargeIds: ids(taxesNow), detail: { kind: 'taxes' } });
  return causes;
};

/** Lines no rule above reads: Usage lines without a rating class (a provider's), and any category unknown here. */
const unattributed = (invoice: BillInvoice): BillLine[] =>
  invoice.lines.filter(
    (line) =>
      !['Plan', 'OneTime', 'Adjustment', 'Tax', 'Usage'].includes(line.category) ||
      (line.category === 'Usage' && (line.usageClass === null || ![...OVERAGE_CLASSES, ...ROAMING_CLASSES, ...OTHER_USAGE_CLASSES].includes(line.usageClass as UsageClass))),
  );

/**
 * The causes of `current.amount − previous.amount`, in the order of `BILL_CHANGE_KINDS`, none of them
 * zero. Without a previous invoice the whole total is the first bill's.
 */
export const explainBillChanges = (current: BillInvoice, previous: BillInvoice | null): BillChanges => {
  const total = toMinor(current.amount);
  if (!previous) {
    return { difference: total, causes: total === 0n ? [] : [{ kind: 'firstInvoice', amount: total, chargeIds: ids(current.lines), detail: { kind: 'firstInvoice' } }] };
  }
  const difference = total - toMinor(previous.amount);
  const causes = [...planCauses(current, previous), ...usageCauses(current, previous), ...extraCauses(current, previous)];
  // The rest (unclassified lines, and lines that do not add up to their invoice's total): never guessed at.
  const attributed = causes.reduce((subtotal, cause) => subtotal + cause.amount, 0n);
  const rest = difference - attributed;
  if (rest !== 0n) causes.push({ kind: 'other', amount: rest, chargeIds: ids(unattributed(current)), detail: { kind: 'other' } });
  const rank = (cause: BillCause) => BILL_CHANGE_KINDS.indexOf(cause.kind);
  return { difference, causes: causes.sort((a, b) => rank(a) - rank(b)) };
};
