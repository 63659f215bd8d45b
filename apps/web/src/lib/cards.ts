import type { PaymentMethodEntry } from '@portal/contract';
import { isCardExpired } from '@portal/contract/cards';

/**
 * Pure rules of saved cards that paying, the card list and automatic payments share. Components
 * only render what these return.
 */

// One expiry rule on both sides: the contract's (its zod-free entry keeps zod off this path).
export { isCardExpired };

/** What a saved card or bank account shows (docs/decisions/0035-bank-debit.md): a bank account's brand is its bank, it never expires. */
export interface MethodDisplay {
  id: string;
  brand: string;
  last4: string;
  /** "MM/YY"; empty for a bank account. */
  expiry: string;
  expMonth: number | null;
  expYear: number | null;
  /** The bank account's institution-transit or routing number; null for a card. */
  routing: string | null;
}

export const methodOf = (entry: PaymentMethodEntry): MethodDisplay =>
  entry.card
    ? { ...entry.card, routing: null }
    : {
        id: entry.bankAccount?.id ?? '',
        brand: entry.bankAccount?.bankName ?? '',
        last4: entry.bankAccount?.last4 ?? '',
        expiry: '',
        expMonth: null,
        expYear: null,
        routing: entry.bankAccount?.routing ?? '',
      };

/** Cards and bank accounts a payment can use (expired cards are not selectable). */
export const usableCards = (entries: readonly PaymentMethodEntry[], today: Date): PaymentMethodEntry[] =>
  entries.filter((e) => !isCardExpired(methodOf(e), today));

/** The default card is preselected (when usable), else the first usable card; null when none is. */
export const preferredCard = (entries: readonly PaymentMethodEntry[], today: Date): PaymentMethodEntry | null => {
  const usable = usableCards(entries, today);
  return usable.find((e) => e.paymentMethod.default) ?? usable[0] ?? null;
};

// ── Brands ──────────────────────────────────────────────────────────────────────────────────────

export type BrandKind = 'visa' | 'mastercard' | 'amex' | 'generic';

const KNOWN_BRANDS: Record<string, { kind: BrandKind; name: string }> = {
  visa: { kind: 'visa', name: 'Visa' },
  mastercard: { kind: 'mastercard', name: 'Mastercard' },
  master_card: { kind: 'mastercard', name: 'Mastercard' },
  amex: { kind: 'amex', name: 'American Express' },
  american_express: { kind: 'amex', name: 'American Express' },
};

/**
 * Visa, Mastercard and American Express are recognised (whatever spelling the provider uses);
 * others are shown capitalised ("discover" → "Discover") with a generic icon.
 */
export const cardBrand = (brand: string): { kind: BrandKind; name: string } => {
  const key = brand
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const known = KNOWN_BRANDS[key];
  if (known) return known;
  const words = brand.trim().replace(/[_-]+/g, ' ').split(/\s+/).filter(Boolean);
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
  return { kind: 'generic', name: name || 'Card' };
};

/** "Visa •••• 4242". */
export const cardLabel = (card: { brand: string; last4: string }): string => `${cardBrand(card.brand).name} •••• ${card.last4}`;
