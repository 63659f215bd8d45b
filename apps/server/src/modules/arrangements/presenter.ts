import { fromMinor, instalmentStates, toMinor, type Arrangement, type CurrencyCode } from '@portal/contract';
import type { ArrangementRecord } from './repository';

/**
 * An arrangement as its calls answer it; each instalment's state is read on `today` (an arrangement no longer
 * active is read on the day it closed, so a broken one keeps its missed instalment).
 */
export const presentArrangement = ({ arrangement, instalments, paid }: ArrangementRecord, today: string): Arrangement => {
  const day = arrangement.closedAt ? arrangement.closedAt.toISOString().slice(0, 10) : today;
  const rows = instalments.map((i) => ({ date: i.dueDate, amountMinor: toMinor(i.amount) }));
  const states = instalmentStates(rows, toMinor(paid), day);
  return {
    id: arrangement.id,
    accountId: arrangement.accountId,
    status: arrangement.status,
    amount: fromMinor(toMinor(arrangement.amount)),
    currency: arrangement.currency.trim() as CurrencyCode,
    paid: fromMinor(toMinor(paid)),
    paymentMethodId: arrangement.paymentMethodId,
    instalments: instalments.map((i, index) => ({ date: i.dueDate, amount: fromMinor(toMinor(i.amount)), state: states[index]!, paymentId: i.paymentId })),
    createdAt: arrangement.createdAt.toISOString(),
    byStaff: arrangement.byStaff,
    closedAt: arrangement.closedAt?.toISOString() ?? null,
  };
};
