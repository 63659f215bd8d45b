import { MIN_CARDS_ON_FILE, type PaymentMethodEntry } from '@portal/contract';
import { isCardExpired, methodOf } from '@/lib/cards';

/** Pure rules of the saved-card list. Components only render what these return. */

/**
 * How a card is drawn: default → blue, expired → red, otherwise grey. A default card that has since expired
 * is drawn as expired: that is what the customer must act on (it also keeps its Default badge).
 */
export type CardState = 'default' | 'expired' | 'normal';

export const cardState = (entry: PaymentMethodEntry, today: Date): CardState => {
  if (isCardExpired(methodOf(entry), today)) return 'expired';
  return entry.paymentMethod.default ? 'default' : 'normal';
};

export type CardBadge = 'default' | 'expired' | 'lastFailed';

/**
 * Badges beside a card: "Default", "Expired" and "Last payment failed" (words, so the state is never told by
 * colour alone). An expired card's failure adds nothing: it cannot be used anyway.
 */
export const cardBadges = (entry: PaymentMethodEntry, today: Date): CardBadge[] => {
  const badges: CardBadge[] = [];
  if (entry.paymentMethod.default) badges.push('default');
  if (isCardExpired(methodOf(entry), today)) badges.push('expired');
  else if (entry.paymentMethod.lastChargeFailed) badges.push('lastFailed');
  return badges;
};

/** Only non-default, non-expired cards offer "Set as default". */
export const canSetDefault = (entry: PaymentMethodEntry, today: Date): boolean =>
  !entry.paymentMethod.default && !isCardExpired(methodOf(entry), today);

/** A card may be deleted only while more than one is on file. */
export const canDeleteCard = (cardCount: number): boolean => cardCount > MIN_CARDS_ON_FILE;
