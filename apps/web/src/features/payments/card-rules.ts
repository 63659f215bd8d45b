import { MIN_CARDS_ON_FILE, type Card, type PaymentMethodEntry } from '@portal/contract';

/**
 * Pure rules of saved cards (spec §4 "Card", §5, §9 brands). Components only render what these return.
 * Calendar months are UTC months, as on the server (payments/card-rules.ts), so the portal never offers a
 * card the server would refuse as expired, or hides one it would still take.
 */

type Expiry = Pick<Card, 'expMonth' | 'expYear'>;

/** Expired once the last day of its expiry month has passed. */
export const isCardExpired = (card: Expiry, today: Date): boolean => {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
};

/**
 * How a card is drawn: default → blue, expired → red, otherwise grey. A default card that has since expired
 * is drawn as expired: that is what the customer must act on (it also keeps its Default badge).
 */
export type CardState = 'default' | 'expired' | 'normal';

export const cardState = (entry: PaymentMethodEntry, today: Date): CardState => {
  if (isCardExpired(entry.card, today)) return 'expired';
  return entry.paymentMethod.default ? 'default' : 'normal';
};

export type CardBadge = 'default' | 'expired';

/** Badges beside a card: "Default" and/or "Expired" (words, so the state is never told by colour alone). */
export const cardBadges = (entry: PaymentMethodEntry, today: Date): CardBadge[] => {
  const badges: CardBadge[] = [];
  if (entry.paymentMethod.default) badges.push('default');
  if (isCardExpired(entry.card, today)) badges.push('expired');
  return badges;
};

/** Spec §4: only non-default, non-expired cards offer "Set as default". */
export const canSetDefault = (entry: PaymentMethodEntry, today: Date): boolean =>
  !entry.paymentMethod.default && !isCardExpired(entry.card, today);

/** Spec §5: a card may be deleted only while more than one is on file. */
export const canDeleteCard = (cardCount: number): boolean => cardCount > MIN_CARDS_ON_FILE;

/** Cards a payment can use (expired ones are not selectable). */
export const usableCards = (entries: readonly PaymentMethodEntry[], today: Date): PaymentMethodEntry[] =>
  entries.filter((e) => !isCardExpired(e.card, today));

/** Spec §4: the default card is preselected (when usable), else the first usable card; null when none is. */
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
 * Spec §9: Visa, Mastercard and American Express are recognised (whatever spelling the provider uses);
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

/** "Visa •••• 4242" (spec §2 payment history "Method"). */
export const cardLabel = (card: { brand: string; last4: string }): string => `${cardBrand(card.brand).name} •••• ${card.last4}`;
