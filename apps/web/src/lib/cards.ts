import type { PaymentMethodEntry } from '@portal/contract';
import { isCardExpired } from '@portal/contract/cards';

/**
 * Pure rules of saved cards that paying, the card list and automatic payments share. Components
 * only render what these return.
 */

// One expiry rule on both sides: the contract's (its zod-free entry keeps zod off this path).
export { isCardExpired };

/** Cards a payment can use (expired ones are not selectable). */
export const usableCards = (entries: readonly PaymentMethodEntry[], today: Date): PaymentMethodEntry[] =>
  entries.filter((e) => !isCardExpired(e.card, today));

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
