/** Card rules shared by every provider and route (spec §4 "Card"). Pure functions. */

/** A card is expired once the last day of its expiry month has passed (UTC). */
export const isCardExpired = (card: { expMonth: number; expYear: number }, now: Date): boolean => {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
};

/** "MM/YY", as cards print it. */
export const cardExpiry = (card: { expMonth: number; expYear: number }): string =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
};

/** The spec's brand names (Visa, Mastercard, American Express); others capitalised (spec §9). */
export const brandName = (providerBrand: string): string => {
  const key = providerBrand.trim().toLowerCase().replace(/\s+/g, '_');
  const known = BRAND_NAMES[key];
  if (known) return known;
  const words = providerBrand.trim().replace(/[_-]+/g, ' ').split(/\s+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ') || 'Card';
};
