/**
 * What an account of the demo set is: its people, places, plan, cards and payment habits. The
 * named demo accounts are written by hand (demo.ts); every other account (the ~20 extra demo
 * accounts and the scale set) is drawn by `randomAccountSpec` from a seed.
 */
import type { AddressField, Language, PaymentFailureReason } from '@portal/contract';
import { timeZoneOfAddress } from '@portal/contract/regions';
import {
  BUSINESS_NAMES,
  CANADIAN_PLACES,
  ENGLISH_FIRST_NAMES,
  ENGLISH_LAST_NAMES,
  FRENCH_FIRST_NAMES,
  FRENCH_LAST_NAMES,
  PLANS_BY_CURRENCY,
  US_PLACES,
  areaOf,
  streetsFor,
  type Country,
  type Currency,
  type Place,
  type Plan,
} from './catalog';
import { monthAt } from './calendar';
import { Rng, mixSeed } from './random';
import type { UsageProfile } from './usage';

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express';

export interface CardSpec {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  /** The sandbox vault reference (payment_methods.provider_ref). */
  providerRef: string;
  nameOnCard: string;
  /** Day the card was saved; payments before it cannot use it. */
  createdDay: number;
}

/** Every field of the contract's address shape filled in. */
export type AddressSpec = Record<AddressField, string> & { country: Country };

export interface PersonSpec {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
}

export interface PaymentHabits {
  /** Manual accounts: how many of the latest posted invoices are still open. */
  unpaidLatest: number;
  /** When set, the invoice just before the open ones is paid only this much (cents). */
  partialCents?: number | undefined;
  /** A failed attempt (status Error) right before the latest fully paid invoice's payment. */
  failedAttemptOnLatestPaid?: { cardRef: string; message: string; reason: PaymentFailureReason } | undefined;
  /** Chance an invoice is paid together with the next one in a single payment. */
  combineChance: number;
  /** Chance a payment is preceded by a declined attempt. */
  declineChance: number;
}

export interface AccountSpec {
  /** Stable name; seeds and card references derive from it. */
  key: string;
  seed: number;
  name: string;
  type: 'Residential' | 'Business';
  currency: Currency;
  language: Language;
  invoicePrefix: string;
  invoiceName: string | null;
  invoiceEmail: string | null;
  /** The provider's own id, by which the provider API addresses the account (demo accounts: `demo-<key>`). */
  externalId?: string;
  autopay: boolean;
  /** Position of the parent account in the same seed set. */
  parentIndex: number | null;
  openedDay: number;
  place: Place;
  billingAddress: AddressSpec;
  /** An earlier billing address, ended when the customer moved. */
  previousBillingAddress?: { address: AddressSpec; movedDay: number } | undefined;
  serviceAddress?: AddressSpec | undefined;
  billingContact: PersonSpec;
  plan: Plan;
  usage: UsageProfile;
  postedMonths: number;
  draft: boolean;
  cdrsPerInvoice: readonly [number, number];
  habits: PaymentHabits;
  cards: readonly CardSpec[];
  /** The card shown on payments made when no saved card applies (a card since removed). */
  formerCard: { brand: CardBrand; last4: string };
  /** The user who makes this account's manual payments (index in the seed set's users). */
  payerUserIndex: number | null;
}

const BRANDS: readonly CardBrand[] = ['Visa', 'Visa', 'Mastercard', 'Mastercard', 'American Express'];

/** 'Émile' → 'emile', "O'Brien" → 'obrien': the local part of an e-mail address. */
export const emailPart = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Up to three initials in capitals: invoice number prefixes such as 'AM' or 'MLD'. */
export const initialsOf = (name: string): string =>
  name
    .split(/[\s-]+/)
    .map((word) => emailPart(word).charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 3) || 'AC';

// Letters Canada Post uses in the last three characters of a postal code.
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

export const postalCodeFor = (rng: Rng, place: Place): string => {
  const prefix = rng.pick(place.postalPrefixes);
  if (place.country === 'US') return prefix;
  return `${prefix} ${rng.int(0, 9)}${rng.pick(POSTAL_LETTERS.split(''))}${rng.int(0, 9)}`;
};

/** Numbers of the account's lines: fictional 555-01XX numbers of its home area. */
export const linesFor = (rng: Rng, place: Place, count: number): string[] => {
  const numbers = areaOf(place.areaCodes[0]!).numbers;
  const start = rng.int(0, numbers.length - 1);
  return Array.from({ length: count }, (_, i) => numbers[(start + i * 17) % numbers.length]!);
};

export const usageProfileFor = (
  place: Place,
  plan: Plan,
  lines: readonly string[],
  language: Language,
  tastes: { internationalShare: number; crossBorderShare: number; roamingChance: number },
): UsageProfile => ({
  country: place.country,
  language,
  lines,
  homeArea: areaOf(place.areaCodes[0]!),
  // The zone the account's billing address gives it (no demo account sets one): its calls fall on its days.
  timeZone: timeZoneOfAddress(place),
  includedMinutes: plan.includedMinutes === null ? null : plan.includedMinutes * lines.length,
  includedMb: plan.includedMb * lines.length,
  ...tastes,
});

export interface RandomSpecOptions {
  key: string;
  seed: number;
  /** Today's UTC day number: the account's history ends here. */
  today: number;
  postedMonths: number;
  cdrsPerInvoice: readonly [number, number];
  /** How many saved cards at most (0 = none). */
  maxCards: number;
  autopayChance: number;
  /** Build card references that are unique in the whole database. */
  cardRef: (n: number) => string;
  /** Force a country (e.g. the US sub-account of a business). */
  country?: Country | undefined;
  businessChance?: number | undefined;
}

const personName = (rng: Rng, french: boolean): { firstName: string; lastName: string } =>
  french
    ? { firstName: rng.pick(FRENCH_FIRST_NAMES), lastName: rng.pick(FRENCH_LAST_NAMES) }
    : { firstName: rng.pick(ENGLISH_FIRST_NAMES), lastName: rng.pick(ENGLISH_LAST_NAMES) };

/** An account drawn from its seed: the same seed and options always give the same account. */
export const randomAccountSpec = (options: RandomSpecOptions): AccountSpec => {
  const rng = new Rng(mixSeed(options.seed, 0x5eed));
  const country: Country = options.country ?? (rng.chance(0.2) ? 'US' : 'CA');
  const place = rng.pick(country === 'US' ? US_PLACES : CANADIAN_PLACES);
  const french = place.province === 'QC' ? rng.chance(0.7) : rng.chance(0.02);
  const language: Language = french ? 'French' : 'English';
  const business = rng.chance(options.businessChance ?? 0.15);
  const person = personName(rng, french);
  const emailNumber = rng.chance(0.5) ? String(rng.int(1, 99)) : '';
  const currency: Currency = country === 'US' ? 'USD' : 'CAD';
  const name = business
    ? rng.pick(BUSINESS_NAMES[place.province === 'QC' ? 'QC' : country])
    : `${person.firstName} ${person.lastName}`;
  const domain = business ? `${emailPart(name).slice(0, 20)}.example.com` : 'example.com';
  const email = business
    ? `${emailPart(person.firstName)}@${domain}`
    : `${emailPart(person.firstName)}.${emailPart(person.lastName)}${emailNumber}@example.com`;
  const plans = PLANS_BY_CURRENCY[currency];
  const plan = rng.pick(business ? plans.business : plans.personal);
  const lineCount = business ? rng.int(2, 5) : rng.pick([1, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
  const lines = linesFor(rng, place, lineCount);
  const firstPeriod = monthAt(options.today, -options.postedMonths);
  const openedDay = firstPeriod.start - rng.int(5, 60);

  const cardCount = options.maxCards > 0 && rng.chance(0.75) ? rng.int(1, options.maxCards) : 0;
  const holder = `${person.firstName} ${person.lastName}`;
  const todayYear = new Date(options.today * 86_400_000).getUTCFullYear();
  const cards: CardSpec[] = Array.from({ length: cardCount }, (_, i) => ({
    brand: rng.pick(BRANDS),
    last4: String(rng.int(0, 9999)).padStart(4, '0'),
    expMonth: rng.int(1, 12),
    expYear: todayYear + rng.int(1, 5),
    isDefault: i === 0,
    providerRef: options.cardRef(i + 1),
    nameOnCard: holder,
    createdDay: openedDay + i * rng.int(30, 200),
  }));
  const autopay = cards.length > 0 && rng.chance(options.autopayChance);
  const unpaidDraw = rng.next();

  return {
    key: options.key,
    seed: options.seed,
    name,
    type: business ? 'Business' : 'Residential',
    currency,
    language,
    invoicePrefix: initialsOf(name),
    invoiceName: business ? `${name} - Accounts Payable` : name,
    invoiceEmail: email,
    autopay,
    parentIndex: null,
    openedDay,
    place,
    billingAddress: {
      streetNumber: String(rng.int(1, 2999)),
      streetName: rng.pick(streetsFor(place)),
      city: place.city,
      province: place.province,
      postal: postalCodeFor(rng, place),
      country: place.country,
    },
    billingContact: { ...person, email, phone: lines[0]! },
    plan,
    usage: usageProfileFor(place, plan, lines, language, {
      internationalShare: rng.pick([0, 0, 0.02, 0.06]),
      crossBorderShare: 0.02 + rng.next() * 0.08,
      roamingChance: 0.08 + rng.next() * 0.12,
    }),
    postedMonths: options.postedMonths,
    draft: false,
    cdrsPerInvoice: options.cdrsPerInvoice,
    habits: {
      unpaidLatest: autopay ? 0 : unpaidDraw < 0.55 ? 0 : unpaidDraw < 0.9 ? 1 : 2,
      combineChance: 0.06,
      declineChance: 0.04,
    },
    cards,
    formerCard: { brand: rng.pick(BRANDS), last4: String(rng.int(0, 9999)).padStart(4, '0') },
    payerUserIndex: null,
  };
};
