/** Card rules both sides apply; zod-free, so any screen can import them cheaply. */

/** A bank account (docs/decisions/0035-bank-debit.md) has no expiry: both null. */
export interface CardExpiry {
  expMonth: number | null;
  expYear: number | null;
}

/**
 * Expired once the last day of its expiry month has passed. Months are UTC months on both sides,
 * so the portal never offers a card the server would refuse as expired, or hides one it takes.
 */
export const isCardExpired = (card: CardExpiry, now: Date): boolean => {
  if (card.expMonth === null || card.expYear === null) return false;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
};

/** "MM/YY", as cards print it. */
export const cardExpiry = (card: CardExpiry): string =>
  card.expMonth === null || card.expYear === null
    ? ''
    : `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
