/** SQL of the account calls (reads); every lookup goes through the caller's visible accounts. */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accountAddresses, accountContacts, accounts, addresses, contacts, invoices, payments } from '../../db/schema';
import { compileFilter, compileOrderBy } from '../../filter';
import { visibleAccountsCondition } from '../../lib/access';
import type { Caller } from '../../lib/caller';
import { creditNotesOfAccount, sumsBeforeSql, type LedgerSumsBefore } from '../../lib/ledger';
import { ACCOUNT_NAME_FIELDS, listNameOf } from './fields';
import type { Period, StatementSums } from './statement-rules';

export type AccountRow = typeof accounts.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type AccountAddressRow = typeof accountAddresses.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type AccountContactRow = typeof accountContacts.$inferSelect;

/** The account, when the caller may see it. */
export const findVisibleAccount = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<AccountRow | undefined> => {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visibleAccountsCondition(caller, accounts.id)))
    .limit(1);
  return row;
};

/** Every contact link of the account, historic ones included (the web picks the current ones). */
export const listAccountContacts = (db: PortalDb, accountId: bigint): Promise<AccountContactRow[]> =>
  db
    .select()
    .from(accountContacts)
    .where(eq(accountContacts.accountId, accountId))
    .orderBy(asc(accountContacts.startDate), asc(accountContacts.id));

export const listAccountAddresses = (db: PortalDb, accountId: bigint): Promise<AccountAddressRow[]> =>
  db
    .select()
    .from(accountAddresses)
    .where(eq(accountAddresses.accountId, accountId))
    .orderBy(asc(accountAddresses.startDate), asc(accountAddresses.id));

export const listAddresses = (db: PortalDb, accountId: bigint): Promise<AddressRow[]> =>
  db.select().from(addresses).where(eq(addresses.accountId, accountId)).orderBy(asc(addresses.id));

export const listContacts = (db: PortalDb, accountId: bigint): Promise<ContactRow[]> =>
  db.select().from(contacts).where(eq(contacts.accountId, accountId)).orderBy(asc(contacts.id));

export interface AccountNameRow {
  accountId: bigint;
  listName: string;
  parentId: bigint | null;
  currency: string;
  closedAt: Date | null;
}

const nameColumns = {
  accountId: accounts.id,
  listName: sql<string>`${listNameOf}`,
  parentId: accounts.parentId,
  currency: accounts.currency,
  closedAt: accounts.closedAt,
};

/**
 * Account/names: the caller's visible accounts (a closed one while its documents are kept: its people
 * still read it, docs/decisions/0016-closing-an-account.md), filtered, sorted (default listName asc) and paged. */
export const listAccountNames = async (
  db: PortalDb,
  caller: Caller,
  query: PagedQuery,
): Promise<{ rows: AccountNameRow[]; count: number | undefined }> => {
  // Compiled first: a bad filter or order answers 400 before any query runs.
  const where = and(visibleAccountsCondition(caller, accounts.id), compileFilter(query.dnfilter, ACCOUNT_NAME_FIELDS));
  const orderBy = compileOrderBy(query.orderby?.trim() ? query.orderby : 'ListName asc', ACCOUNT_NAME_FIELDS, {
    tieBreaker: accounts.id,
  });
  const [rows, total] = await Promise.all([
    db
      .select(nameColumns)
      .from(accounts)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.take)
      .offset(query.skip),
    query.count ? db.select({ n: count() }).from(accounts).where(where) : Promise.resolve(undefined),
  ]);
  return { rows, count: total?.[0]?.n };
};

/** One visible account's name entry (the account a caller asked to see included). */
export const findAccountName = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<AccountNameRow | undefined> => {
  const [row] = await db
    .select(nameColumns)
    .from(accounts)
    .where(and(eq(accounts.id, accountId), visibleAccountsCondition(caller, accounts.id)))
    .limit(1);
  return row;
};

const instant = (iso: string): SQL => sql`${iso}::timestamptz`;

/** What the ledger says before the period opens, in the account's currency. */
export const sumBeforePeriod = async (
  db: PortalDb,
  accountId: bigint,
  currency: string,
  period: Period,
): Promise<StatementSums> => {
  const { rows } = await db.execute<LedgerSumsBefore>(sumsBeforeSql(accountId, currency, period));
  return { paidBefore: rows[0]!.paid_before, invoicedBefore: rows[0]!.invoiced_before, creditedBefore: rows[0]!.credited_before };
};

/** Successful payments of the period, oldest first, at most `limit`. */
export const listPeriodPayments = (db: PortalDb, accountId: bigint, currency: string, period: Period, limit: number) =>
  db
    .select({
      id: payments.id,
      date: payments.date,
      amount: payments.amount,
      currency: payments.currency,
      type: payments.type,
      description: payments.description,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      method: payments.method,
      receiptNumber: payments.receiptNumber,
    })
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        eq(payments.currency, currency),
        eq(payments.status, 'Successful'),
        sql`${payments.date} >= ${instant(period.from)}`,
        sql`${payments.date} < ${instant(period.until)}`,
      ),
    )
    .orderBy(asc(payments.date), asc(payments.id))
    .limit(limit);

export type PeriodPaymentRow = Awaited<ReturnType<typeof listPeriodPayments>>[number];

/** The condition selecting an account's invoices issued in the period (for the invoice list query). */
export const postedInPeriod = (accountId: bigint, currency: string, period: Period): SQL =>
  sql`${invoices.accountId} = ${accountId} and ${invoices.currency} = ${currency}
    and ${invoices.postedDate} >= ${instant(period.issuedFrom)} and ${invoices.postedDate} < ${instant(period.issuedUntil)}`;

export interface PeriodCreditRow {
  id: bigint;
  date: Date;
  /** Null for a provider's credit on the account rather than on one invoice. */
  invoiceId: bigint | null;
  invoiceNumber: string | null;
  amount: string;
  currency: string;
  description: string;
  disputeId: bigint | null;
}

/** Credit notes of the period in the account's currency, oldest first, at most `limit` (the ledger's own query). */
export const listPeriodCredits = async (
  db: PortalDb,
  accountId: bigint,
  currency: string,
  period: Period,
  limit: number,
): Promise<PeriodCreditRow[]> => {
  const { rows } = await db.execute<{
    id: bigint | string;
    created_at: Date | string;
    invoice_id: bigint | string | null;
    invoice_number: string | null;
    amount: string;
    currency: string;
    description: string;
    dispute_id: bigint | string | null;
  }>(
    sql`select * from (${creditNotesOfAccount(accountId, new Date(period.from), new Date(period.until))}) credits where currency = ${currency} order by created_at, id limit ${limit}`,
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    date: new Date(row.created_at),
    invoiceId: row.invoice_id === null ? null : BigInt(row.invoice_id),
    invoiceNumber: row.invoice_number,
    amount: String(row.amount),
    currency: row.currency.trim(),
    description: row.description,
    disputeId: row.dispute_id === null ? null : BigInt(row.dispute_id),
  }));
};
