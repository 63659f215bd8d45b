/** Brand names of cards from every provider. Pure functions; expiry rules are the contract's. */

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
};

/** The spec's brand names (Visa, Mastercard, American Express); others capitalised. */
export const brandName = (providerBrand: string): string => {
  const key = providerBrand.trim().toLowerCase().replace(/\s+/g, '_');
  const known = BRAND_NAMES[key];
  if (known) return known;
  const words = providerBrand.trim().replace(/[_-]+/g, ' ').split(/\s+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ') || 'Card';
};
