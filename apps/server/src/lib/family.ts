/**
 * A parent account and its sub-accounts (docs/decisions/0036-refunds-and-pay-all.md): the accounts a family's
 * or a business's consolidated balance and "Pay all" cover, only those the caller may use, parent first.
 */
import { sql } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import type { Caller } from './caller';
import { visibleAccountsCondition } from './access';

export interface FamilyAccount {
  id: bigint;
  customerNo: string;
  name: string;
  closed: boolean;
}

/** The account and every account under it, parent first then by id; empty when the caller may not use the account. */
export const familyAccounts = async (db: PortalDb, caller: Caller, parentId: bigint): Promise<FamilyAccount[]> => {
  const visible = visibleAccountsCondition(caller, sql`f.id`);
  const { rows } = await db.execute<{ id: string; customer_no: string; name: string; closed: boolean }>(sql`
    with recursive family(id, depth) as (
      select id, 0 from accounts where id = ${parentId}
      union
      select a.id, f.depth + 1 from accounts a join family f on a.parent_id = f.id
    )
    select f.id::text, a.customer_no, a.name, a.closed_at is not null as closed
    from family f join accounts a on a.id = f.id
    ${visible ? sql`where ${visible}` : sql``}
    order by f.depth, f.id`);
  const accounts = rows.map((row) => ({ id: BigInt(row.id), customerNo: row.customer_no, name: row.name, closed: Boolean(row.closed) }));
  return accounts[0]?.id === parentId ? accounts : [];
};
