import type { PaymentMethodEntry } from '@portal/contract';
import { cardExpiry } from '@portal/contract';
import type { ListedPaymentMethod } from './repository';

/**
 * A saved card or bank account as PaymentMethod/methods lists it; `card.id` and `bankAccount.id` are the
 * provider's reference (docs/decisions/0035-bank-debit.md).
 */
export const presentPaymentMethod = (row: ListedPaymentMethod): PaymentMethodEntry => ({
  paymentMethod: { id: row.id, default: row.isDefault, lastChargeFailed: row.lastChargeFailed, type: row.type },
  card:
    row.type === 'card' && row.expMonth !== null && row.expYear !== null
      ? { id: row.providerRef, brand: row.brand, last4: row.last4, expiry: cardExpiry(row), expMonth: row.expMonth, expYear: row.expYear }
      : null,
  bankAccount:
    row.type === 'bank_account' && row.bankScheme
      ? { id: row.providerRef, scheme: row.bankScheme, bankName: row.brand, last4: row.last4, routing: row.bankRouting ?? '', agreementVersion: row.agreementVersion }
      : null,
});
