/** SQL of Charge/items: only charges of Posted invoices, only of accounts the caller may see. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { charges, invoices } from '../../db/schema';
import { compileFilter, compileOrderBy } from '../../filter';
import { visibleAccountsCondition } from '../../lib/access';
import type { Caller } from '../../lib/caller';
import { CHARGE_FIELDS } from './fields';

export type ChargeRow = typeof charges.$inferSelect;

/** Newest invoice first, its lines in bill order. */
const DEFAULT_ORDER = [desc(charges.invoiceId), asc(charges.id)];

export const listVisibleCharges = async (
  db: PortalDb,
  caller: Caller,
  query: PagedQuery,
): Promise<{ rows: ChargeRow[]; count: number | undefined }> => {
  // Compiled first: a bad filter or order answers 400 before any query runs.
  const where = and(visibleAccountsCondition(caller, charges.accountId), compileFilter(query.dnfilter, CHARGE_FIELDS));
  const orderBy = query.orderby?.trim() ? compileOrderBy(query.orderby, CHARGE_FIELDS, { tieBreaker: charges.id }) : DEFAULT_ORDER;
  // Draft and Void invoices never leave the server, and neither do their lines.
  const postedInvoice = and(eq(invoices.id, charges.invoiceId), eq(invoices.state, 'Posted'));
  const [rows, total] = await Promise.all([
    db
      .select({ charge: charges })
      .from(charges)
      .innerJoin(invoices, postedInvoice)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.take)
      .offset(query.skip),
    query.count ? db.select({ n: count() }).from(charges).innerJoin(invoices, postedInvoice).where(where) : Promise.resolve(undefined),
  ]);
  return { rows: rows.map((r) => r.charge), count: total?.[0]?.n };
};
