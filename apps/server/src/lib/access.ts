import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_ACCOUNT_DOCUMENT_DAYS } from '@portal/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PortalDb } from '../db/client';
import type { Caller } from './caller';
import { notFound } from '../errors';

const idArray = (ids: readonly bigint[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** A closed account stays in its people's reach until its documents' retention ends (docs/decisions/0016-closing-an-account.md). */
export const withinRetention = (closedAt: SQL | AnyPgColumn): SQL =>
  sql`(${closedAt} is null or ${closedAt} > now() - ${sql.raw(`interval '${CLOSED_ACCOUNT_DOCUMENT_DAYS} days'`)})`;

/** The ids of every account a customer reaches: the scoped accounts (a bigint[]) and all their sub-accounts. */
const reachableAccountIds = (scopedIds: SQL): SQL => sql`(
  with recursive reachable(id) as (
    select id from accounts where id = any(${scopedIds}) and ${withinRetention(sql`closed_at`)}
    union
    select a.id from accounts a join reachable r on a.parent_id = r.id where ${withinRetention(sql`a.closed_at`)}
  ) select id from reachable)`;

/**
 * A WHERE condition limiting `accountIdColumn` to accounts the caller may use; undefined for
 * Staff/Admin, who reach every account. Use it in every list query.
 */
export const visibleAccountsCondition = (caller: Caller, accountIdColumn: AnyPgColumn | SQL): SQL | undefined =>
  caller.isStaff ? undefined : sql`${accountIdColumn} in ${reachableAccountIds(idArray(caller.accountIds))}`;

/**
 * The customer's form of `visibleAccountsCondition` for a prepared statement: the scoped account ids
 * come in as the `accountIds` placeholder, filled by `executeAsCaller`. Staff/Admin statements leave
 * the condition out.
 */
const preparedVisibleAccountsCondition = (accountIdColumn: AnyPgColumn | SQL): SQL =>
  sql`${accountIdColumn} in ${reachableAccountIds(sql`${sql.placeholder('accountIds')}::bigint[]`)}`;

/** The `accountIds` placeholder's value: the caller's scoped accounts as a PostgreSQL array literal. */
const accountIdsParam = (caller: Caller): string => `{${caller.accountIds.join(',')}}`;

interface PreparedStatement<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

/** One query prepared twice: for Staff/Admin without the access condition, for customers with it. */
export interface CallerStatements<T> {
  staff: PreparedStatement<T>;
  customer: PreparedStatement<T>;
}

/**
 * One query prepared for both kinds of caller: `build` makes it under a statement name with an access
 * condition to AND into its WHERE, given none as `<name>_staff` and the customer's on `accountIdColumn`
 * as `<name>`.
 */
export const prepareForCallers = <T>(
  name: string,
  accountIdColumn: AnyPgColumn | SQL,
  build: (name: string, access: SQL | undefined) => PreparedStatement<T>,
): CallerStatements<T> => ({
  staff: build(`${name}_staff`, undefined),
  customer: build(name, preparedVisibleAccountsCondition(accountIdColumn)),
});

/** Runs the caller's statement of the pair; a customer's gets the `accountIds` placeholder filled. */
export const executeAsCaller = <T>(statements: CallerStatements<T>, caller: Caller, values: Record<string, unknown>): Promise<T> =>
  caller.isStaff ? statements.staff.execute(values) : statements.customer.execute({ ...values, accountIds: accountIdsParam(caller) });

/** Whether the caller may use the account (it must also exist). */
export const canAccessAccount = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<boolean> => {
  const condition = visibleAccountsCondition(caller, sql`a.id`);
  const result = await db.execute(
    sql`select 1 from accounts a where a.id = ${accountId} ${condition ? sql`and ${condition}` : sql``} limit 1`,
  );
  return result.rows.length > 0;
};

/**
 * Throws 404 unless the caller may use the account. Another account's id answers exactly like an
 * unknown one, so ids cannot be probed.
 */
export const assertAccountAccess = async (db: PortalDb, caller: Caller, accountId: bigint, what = 'The account'): Promise<void> => {
  if (!(await canAccessAccount(db, caller, accountId))) throw notFound(what);
};
