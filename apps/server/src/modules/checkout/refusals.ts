/** The audit action of a card or bank account refused because the same one is saved on the account already. */
export const DUPLICATE_CARD_REFUSED = 'payment_method.duplicate_refused';
