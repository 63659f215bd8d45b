import type { PaymentMethodEntry } from '@portal/contract';
import { cardExpiry } from '@portal/contract';
import type { PaymentMethodRow } from './repository';

/** A saved card as PaymentMethod/methods lists it; `card.id` is the provider's reference. */
export const presentPaymentMethod = (row: PaymentMethodRow): PaymentMethodEntry => ({
  paymentMethod: { id: row.id, default: row.isDefault },
  card: {
    id: row.providerRef,
    brand: row.brand,
    last4: row.last4,
    expiry: cardExpiry(row),
    expMonth: row.expMonth,
    expYear: row.expYear,
  },
});
