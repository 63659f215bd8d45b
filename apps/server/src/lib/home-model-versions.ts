/**
 * An account's home model version (`home_model_versions`, migration 0013): every write to what its home
 * model or its invoice list shows moves it. Read in the same statement as the rows an answer is made of,
 * then alone, with the caller's access folded in, to check that an answer kept at it is still current.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { accounts } from '../db/schema';
import type { Caller } from './caller';
import { executeAsCaller, prepareForCallers } from './access';

/** The version of `accountId` as text ("0" before the account's first write). */
export const homeModelVersionOf = (accountId: SQL | bigint): SQL<string> =>
  sql<string>`coalesce((select v.version from home_model_versions v where v.account_id = ${accountId}), 0)::text`;

// The subquery names the outer table: drizzle writes a bare "id" in a one-table select.
const account = sql`accounts.id`;

const versionStatements = preparedPerDatabase((db) =>
  prepareForCallers('home_model_version', account, (name, access) =>
    db
      .select({ version: homeModelVersionOf(account) })
      .from(accounts)
      .where(and(eq(accounts.id, sql.placeholder('accountId')), access))
      .prepare(name),
  ),
);

/**
 * The account's current home model version, with the caller's access folded in (one primary-key
 * read for Staff/Admin); undefined when the caller may not use the account.
 */
export const findHomeModelVersion = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<string | undefined> => {
  const [row] = await executeAsCaller(versionStatements(db), caller, { accountId });
  return row?.version;
};
