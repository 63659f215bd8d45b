/**
 * A closed account is read-only (docs/decisions/0016-closing-an-account.md): every row of the endpoint
 * table marked `refusedWhenClosed` goes through `assertAccountOpen` before its handler runs.
 */
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_CLOSED_MESSAGE, type Endpoint } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { accounts } from '../db/schema';
import { conflict } from '../errors';
import { visibleAccountsCondition } from './access';
import type { Caller } from './caller';

export type ClosedAccountRefusal = NonNullable<Endpoint['refusedWhenClosed']>;

/** Whether a write of a row marked `refusal` is refused on an account closed at `closedAt` (null: open). */
export const refusesWrite = (refusal: ClosedAccountRefusal, caller: Pick<Caller, 'isStaff'>, closedAt: Date | null): boolean =>
  closedAt !== null && (refusal === 'everyone' || !caller.isStaff);

/**
 * Throws 409 when the account is closed and the row's write is refused there. An account the caller does
 * not reach (or none: the object named is unknown) is left to the handler, which answers 404 as for any
 * other, so a closed account cannot be probed.
 */
export const assertAccountOpen = async (
  db: PortalDb,
  caller: Caller,
  accountId: bigint | undefined,
  refusal: ClosedAccountRefusal,
): Promise<void> => {
  if (accountId === undefined) return;
  const [row] = await db
    .select({ closedAt: accounts.closedAt })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visibleAccountsCondition(caller, accounts.id)))
    .limit(1);
  if (row && refusesWrite(refusal, caller, row.closedAt)) throw conflict(ACCOUNT_CLOSED_MESSAGE);
};
