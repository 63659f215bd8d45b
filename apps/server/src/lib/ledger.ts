/**
 * The ledger, written once: an account's balance per currency is its Successful payments and credit
 * notes less its Posted invoices; what an invoice owes is its amount less what settled its receivable;
 * and the account's ledger version (`ledger_versions`, migrations 0013 and 0018) moves with every write
 * to either. Repositories compose these fragments; none writes the rule again.
 */
import { and, Column, eq, getTableName, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PortalDb } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { accounts, invoices } from '../db/schema';
import type { Caller } from './caller';
import { executeAsCaller, prepareForCallers } from './access';

/**
 * Columns always table-qualified: drizzle renders a column bare ("id") in a single-table select,
 * and inside these correlated subqueries a bare "id" would bind to the receivable's own id.
 */
const qualified = (expr: AnyPgColumn | SQL): SQL =>
  is(expr, Column) ? sql`${sql.identifier(getTableName(expr.table))}.${sql.identifier(expr.name)}` : sql`${expr}`;

/**
 * Credit notes on a receivable (resolved disputes): ledger entries that reduce what it owes like a
 * collected payment, so an invoice is never edited to lower it.
 */
export const creditedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(cn.amount) from credit_notes cn where cn.receivable_id = ${qualified(receivableId)}), 0)`;

/**
 * Succeeded refunds' assignments on a receivable (docs/decisions/0036-refunds-and-pay-all.md): what was
 * paid on it and given back, so open again. A Pending refund reopens nothing yet.
 */
export const refundedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(ra.amount) from refund_assignments ra join refunds rf on rf.id = ra.refund_id
  where ra.receivable_id = ${qualified(receivableId)} and rf.status = 'Succeeded'), 0)`;

/**
 * Money that settled a receivable: assignments of Successful payments only (an InProgress or failed
 * charge never reduces what is owed), less what succeeded refunds gave back of them, and credit notes.
 */
export const collectedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`(coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status = 'Successful'), 0) - ${refundedOnReceivable(receivableId)} + ${creditedOnReceivable(receivableId)})`;

/**
 * Money promised against a receivable: assignments of Successful and InProgress payments less succeeded
 * refunds of them, and credit notes. New payments and credits may only be assigned up to amount − this,
 * so neither a double submit nor a credit can take what is owed below zero.
 */
export const committedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`(coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status in ('Successful', 'InProgress')), 0) - ${refundedOnReceivable(receivableId)} + ${creditedOnReceivable(receivableId)})`;

/** What an invoice still owes: its amount less collected assignments and credit notes on its receivable. */
export const invoiceOwing = (invoiceId: AnyPgColumn | SQL, invoiceAmount: AnyPgColumn | SQL): SQL<string> => sql<string>`(
  ${qualified(invoiceAmount)} - coalesce((select ${collectedOnReceivable(sql`r.id`)} from receivables r where r.invoice_id = ${qualified(invoiceId)}), 0))`;

/**
 * Bank debits still Processing on a receivable (docs/decisions/0035-bank-debit.md): InProgress payments from a
 * bank account, which take days to settle. They do not reduce what is owed (the balance) until they settle.
 */
export const processingBankDebitsOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status = 'InProgress' and p.bank_debit), 0)`;

/**
 * What an invoice owes as "overdue" counts it: what it owes less the bank debits still Processing on it. A
 * customer who paid by bank debit before the due date is not overdue while the bank takes its days; a
 * returned debit makes it owe again.
 */
export const invoiceOwingForOverdue = (invoiceId: AnyPgColumn | SQL, invoiceAmount: AnyPgColumn | SQL): SQL<string> => sql<string>`(
  ${invoiceOwing(invoiceId, invoiceAmount)} - coalesce((select ${processingBankDebitsOnReceivable(sql`r.id`)} from receivables r where r.invoice_id = ${qualified(invoiceId)}), 0))`;

/** What credit notes took off an invoice, through its receivable. */
export const invoiceCredited = (invoiceId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(cn.amount) from credit_notes cn join receivables r on r.id = cn.receivable_id where r.invoice_id = ${qualified(invoiceId)}), 0)::text`;

/**
 * The credits of an account issued in [from, to) (instants), oldest first: what a statement lists
 * beside payments, each reducing the balance owed like a Successful payment. A resolved dispute's
 * credit note, on its invoice; a provider's credit whole, on the invoice it named if any (its credit
 * notes, some written when later invoices took its unapplied rest, only say where it went).
 */
export const creditNotesOfAccount = (accountId: bigint, from: Date, to: Date): SQL => {
  const within = (column: SQL) => sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
  return sql`
  select cn.id, cn.created_at, cn.invoice_id, i.invoice_number, cn.amount::text as amount, cn.currency, cn.description, cn.dispute_id
  from credit_notes cn join invoices i on i.id = cn.invoice_id
  where cn.account_id = ${accountId} and cn.credit_id is null and ${within(sql`cn.created_at`)}
  union all
  select c.id, c.created_at, c.invoice_id, i.invoice_number, c.amount::text, c.currency, c.reason, null
  from credits c left join invoices i on i.id = c.invoice_id
  where c.account_id = ${accountId} and ${within(sql`c.created_at`)}
  order by 2, 1`;
};

/**
 * Every entry of an account's ledger (of one currency when given): `kind` 'payment' (Successful only),
 * 'invoice' (Posted only), 'credit' (a resolved dispute's credit note, or a provider's credit whole, its
 * unapplied rest included: its own credit notes are where it went, not entries) or 'refund' (Succeeded only);
 * `amount` as recorded (positive); `balance` what it moves the balance by (invoices and refunds negative);
 * `at` when it counts (payment date, posting, issue, the refund's settling) and its row's `id`.
 */
export const ledgerEntries = (accountId: bigint | SQL, currency?: string): SQL => {
  const inCurrency = currency === undefined ? sql`` : sql` and currency = ${currency}`;
  return sql`
    select 'payment'::text as kind, currency, amount, amount as balance, date as at, id from payments
      where account_id = ${accountId}${inCurrency} and status = 'Successful'
    union all
    select 'invoice'::text, currency, amount, -amount, posted_date, id from invoices
      where account_id = ${accountId}${inCurrency} and state = 'Posted'
    union all
    select 'credit'::text, currency, amount, amount, created_at, id from credit_notes
      where account_id = ${accountId}${inCurrency} and credit_id is null
    union all
    select 'credit'::text, currency, amount, amount, created_at, id from credits
      where account_id = ${accountId}${inCurrency}
    union all
    select 'refund'::text, currency, amount, -amount, settled_at, id from refunds
      where account_id = ${accountId}${inCurrency} and status = 'Succeeded'`;
};

/**
 * The account's balance per currency as a JSON array `[{ currency, amount }]` by currency code (negative = owing);
 * currencies without entries do not appear. The amount is numeric text, or with `amountAs: 'number'` a JSON
 * number (which reads as exactly the wire amount of that text).
 */
export function balancesByCurrencyJson(accountId: bigint | SQL): SQL<{ currency: string; amount: string }[]>;
export function balancesByCurrencyJson(accountId: bigint | SQL, options: { amountAs: 'number' }): SQL<{ currency: string; amount: number }[]>;
export function balancesByCurrencyJson(accountId: bigint | SQL, options?: { amountAs: 'number' }): SQL<{ currency: string; amount: string | number }[]> {
  const amount = options?.amountAs === 'number' ? sql`amount` : sql`amount::text`;
  return sql`(
  select coalesce(json_agg(json_build_object('currency', currency, 'amount', ${amount}) order by currency), '[]'::json)
  from (select currency, sum(balance) as amount from (${ledgerEntries(accountId)}) entries group by currency) balance)`;
}

/**
 * What the ledger held before a statement period, per kind (numeric text): payments (less refunds) and
 * credits before `from`, invoices posted before `issuedFrom`.
 */
export type LedgerSumsBefore = {
  paid_before: string;
  invoiced_before: string;
  credited_before: string;
};

export const sumsBeforeSql = (accountId: bigint, currency: string, cut: { from: string; issuedFrom: string }): SQL => sql`
  select
    coalesce(sum(balance) filter (where kind in ('payment', 'refund') and at < ${cut.from}::timestamptz), 0)::text as paid_before,
    coalesce(sum(amount) filter (where kind = 'invoice' and at < ${cut.issuedFrom}::timestamptz), 0)::text as invoiced_before,
    coalesce(sum(amount) filter (where kind = 'credit' and at < ${cut.from}::timestamptz), 0)::text as credited_before
  from (${ledgerEntries(accountId, currency)}) entries`;

/** The sums a balance forward of an invoice needs (numeric text): see `balanceForwardSql`. */
export type LedgerBalanceForward = {
  invoiced_before: string;
  paid_before_previous: string;
  paid_since_previous: string;
  /** paid_since_previous in its two parts: Successful payments less refunds, and credits (credit notes and provider credits). */
  payments_since_previous: string;
  credits_since_previous: string;
};

/**
 * In the invoice's currency: invoices posted before it (by posting, then id); money in (payments and
 * credits, less refunds) before the previous invoice was posted; and money in from then up to this one's posting.
 */
export const balanceForwardSql = (invoice: { id: bigint; accountId: bigint; currency: string; postedDate: Date }): SQL => {
  const postedAt = sql`${invoice.postedDate.toISOString()}::timestamptz`;
  const before = sql`(at, id) < (${postedAt}, ${invoice.id}::int8)`;
  const since = sql`at >= coalesce((select at from previous), '-infinity') and at < ${postedAt}`;
  return sql`
    with entries as (${ledgerEntries(invoice.accountId, invoice.currency)}),
    previous as (select at from entries where kind = 'invoice' and ${before} order by at desc, id desc limit 1)
    select
      (select coalesce(sum(amount), 0) from entries where kind = 'invoice' and ${before})::text as invoiced_before,
      (select coalesce(sum(balance), 0) from entries where kind <> 'invoice' and at < (select at from previous))::text as paid_before_previous,
      (select coalesce(sum(balance), 0) from entries where kind <> 'invoice' and ${since})::text as paid_since_previous,
      (select coalesce(sum(balance), 0) from entries where kind in ('payment', 'refund') and ${since})::text as payments_since_previous,
      (select coalesce(sum(balance), 0) from entries where kind = 'credit' and ${since})::text as credits_since_previous`;
};

/**
 * What the account owed in the payment's currency right after it (numeric text; negative in credit):
 * invoices posted by then less payments up to and including it (by date, then id) and credits issued by
 * then, plus refunds settled by then.
 */
export const owingAfterPaymentSql = (payment: { id: bigint; accountId: bigint; currency: string; date: Date }): SQL => {
  const at = sql`${payment.date.toISOString()}::timestamptz`;
  return sql`
    select (
      coalesce(sum(amount) filter (where kind = 'invoice' and at <= ${at}), 0)
      - coalesce(sum(amount) filter (where kind = 'payment' and (at, id) <= (${at}, ${payment.id}::int8)), 0)
      - coalesce(sum(amount) filter (where kind = 'credit' and at <= ${at}), 0)
      + coalesce(sum(amount) filter (where kind = 'refund' and at <= ${at}), 0)
    )::text as owing
    from (${ledgerEntries(payment.accountId, payment.currency)}) entries`;
};

/** What the account owed in the currency right after `at` (numeric text; negative in credit): every entry counted by then. */
export const owingAtSql = (accountId: bigint, currency: string, at: Date): SQL => sql`
  select (-coalesce(sum(balance), 0))::text as owing
  from (${ledgerEntries(accountId, currency)}) entries where at <= ${at.toISOString()}::timestamptz`;

/** The ledger version of `accountId` as text ("0" before the account's first write). */
export const ledgerVersionOf = (accountId: SQL | bigint): SQL<string> =>
  sql<string>`coalesce((select v.version from ledger_versions v where v.account_id = ${accountId}), 0)::text`;

// Written out: drizzle writes a bare "id" (or "account_id") in a one-table select, which inside the
// subquery would be the version row's own.
const account = sql`accounts.id`;

const versionStatements = preparedPerDatabase((db) => ({
  account: prepareForCallers('ledger_version', account, (name, access) =>
    db
      .select({ version: ledgerVersionOf(account) })
      .from(accounts)
      .where(and(eq(accounts.id, sql.placeholder('id')), access))
      .prepare(name),
  ),
  invoice: prepareForCallers('invoice_ledger_version', invoices.accountId, (name, access) =>
    db
      .select({ version: ledgerVersionOf(sql`invoices.account_id`) })
      .from(invoices)
      .where(and(eq(invoices.state, 'Posted'), eq(invoices.id, sql.placeholder('id')), access))
      .prepare(name),
  ),
}));

/**
 * The current ledger version of an account, or of a Posted invoice's account, with the caller's access
 * folded in (one primary-key read for Staff/Admin); undefined when the caller may not see it.
 */
export const findLedgerVersion = async (db: PortalDb, caller: Caller, of: { accountId: bigint } | { invoiceId: bigint }): Promise<string | undefined> => {
  const statements = versionStatements(db);
  const [row] =
    'accountId' in of
      ? await executeAsCaller(statements.account, caller, { id: of.accountId })
      : await executeAsCaller(statements.invoice, caller, { id: of.invoiceId });
  return row?.version;
};
