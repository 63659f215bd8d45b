/**
 * An account's billing address is dated history: a Billing link counts from its start date through
 * its end date (none: still current). Written once for every reader of "the billing address at".
 */
import { sql, type SQL } from 'drizzle-orm';

/** Whether the `account_addresses` row aliased `link` is a Billing link current at `at` (a timestamptz). */
export const isCurrentBillingLink = (link: string, at: SQL): SQL => {
  const column = (name: string) => sql.raw(`${link}.${name}`);
  return sql`(${column('type')} = 'Billing' and ${column('start_date')} <= ${at} and (${column('end_date')} is null or ${column('end_date')} >= ${at}))`;
};
