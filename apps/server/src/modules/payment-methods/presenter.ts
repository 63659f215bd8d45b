import type { PaymentMethodEntry } from '@portal/contract';
import { cardExpiry } from '@portal/contract';
import type { ListedPaymentMethod } from './repository';

/** A saved card as PaymentMethod/methods lists it; `card.id` is the provider's reference. */
export const presentPaymentMethod = (row: ListedPaymentMethod): PaymentMethodEntry => ({
  paymentMethod: { id: row.id, default: row.isDefault, lastChargeFailed: row.lastChargeFailed },
  card: {
    id: row.providerRef,
    brand: row.brand,
    last4: row.last4,
    expiry: cardExpiry(row),
    expMonth: row.expMonth,
    expYear: row.expYear,
  },
});
