import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@portal/contract';
import type { PortalDb } from '../../../db/client';
import { autopaySchedules, paymentMethods } from '../../../db/schema';
import { badRequest } from '../../../errors';
import { isCardExpired } from '@portal/contract';

/**
 * The one rule for switching automatic payments on, whichever call does it (the toggle or the
 * account update): a saved schedule whose card has not expired.
 */
export const assertAutopayCanTurnOn = async (db: PortalDb, accountId: bigint, now: Date): Promise<void> => {
  const [row] = await db
    .select({ methodId: paymentMethods.id, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(autopaySchedules)
    .leftJoin(paymentMethods, eq(paymentMethods.id, autopaySchedules.paymentMethodId))
    .where(eq(autopaySchedules.accountId, accountId));
  if (!row) throw badRequest(PAYMENT_MESSAGES.autopayNeedsSchedule);
  // A bank account has no expiry (docs/decisions/0035-bank-debit.md): only a missing method or an expired card stops it.
  if (row.methodId === null || isCardExpired({ expMonth: row.expMonth, expYear: row.expYear }, now)) {
    throw badRequest(PAYMENT_MESSAGES.autopayCardExpired);
  }
};
