/**
 * SQL of the invoice calls. Only Posted invoices ever leave these functions: Draft and Void stay on
 * the server, and every query is limited to the accounts the caller may see.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AddressFields, BillDelivery, PagedQuery } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import { charges, invoices, paymentAssignments, payments, receivables } from '../../db/schema';
import { compileFilter, compileOrderBy } from '../../filter';
import { executeAsCaller, prepareForCallers, visibleAccountsCondition } from '../../lib/access';
import { preparedPerDatabase } from '../../db/prepared';
import { isCurrentBillingLink } from '../../lib/billing-links';
import { balanceForwardSql, ledgerVersionOf, type LedgerBalanceForward } from '../../lib/ledger';
import type { Caller } from '../../lib/caller';
import { INVOICE_FIELDS, creditedOfInvoice, owingOfInvoice } from './fields';
import type { BillInvoice } from './bill-changes';

const invoiceColumns = {
  id: invoices.id,
  accountId: invoices.accountId,
  invoiceNumber: invoices.invoiceNumber,
  state: invoices.state,
  startDate: invoices.startDate,
  endDate: invoices.endDate,
  dueDate: invoices.dueDate,
  postedDate: invoices.postedDate,
  amount: invoices.amount,
  currency: invoices.currency,
};

export interface InvoiceRow {
  id: bigint;
  accountId: bigint;
  invoiceNumber: string;
  state: 'Draft' | 'Posted' | 'Void';
  startDate: string;
  endDate: string;
  dueDate: string;
  postedDate: Date | null;
  /** numeric text, e.g. "100.00" */
  amount: string;
  currency: string;
}

export interface InvoiceWithOwingRow extends InvoiceRow {
  owing: string;
  /** What credit notes took off it (numeric text). */
  credited: string;
}

export interface PostedInvoiceRow extends InvoiceWithOwingRow {
  /** The receivable of the invoice (`arId`). */
  receivableId: bigint;
}

const posted = eq(invoices.state, 'Posted');

/** The default order of Invoice/items: newest period first, a stable tie-breaker after it. */
const DEFAULT_ORDER = [desc(invoices.endDate), desc(invoices.id)];

export interface Page<T> {
  rows: T[];
  count: number | undefined;
}

export interface VersionedPage<T> extends Page<T> {
  /** The ledger version of the account asked for, read with the rows; undefined when the page has none. */
  version: string | undefined;
}

/** An SQL fragment without parameters, rendered once: drizzle otherwise walks its tree on every request. */
const renderedOnce = (fragment: SQL): SQL => {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length > 0) throw new Error('Only a fragment without parameters can be rendered once');
  return sql.raw(text);
};

/** `toISOString`'s form of a timestamptz, written by the database whichever driver reads it. */
const isoInstant = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The columns of `InvoiceWithOwingRow` under its own names; the invoice list is read with it on every page.
const PAGE_COLUMNS = renderedOnce(sql`invoices.id, invoices.account_id as "accountId", invoices.invoice_number as "invoiceNumber",
  invoices.state, invoices.start_date as "startDate", invoices.end_date as "endDate", invoices.due_date as "dueDate",
  ${sql.raw(isoInstant('invoices.posted_date'))} as "postedDate", invoices.amount, invoices.currency,
  ${owingOfInvoice} as owing, ${creditedOfInvoice} as credited`);

type PageRow = Omit<InvoiceWithOwingRow, 'postedDate'> & { postedDate: string | null; total: string | null; version: string | null };

/**
 * Posted invoices the caller may see, filtered (dnfilter), sorted (orderby) and paged; with
 * `versionOf`, the ledger version of that account read in the same statement.
 */
export const listPostedInvoices = async (
  db: PortalDb,
  caller: Caller,
  query: PagedQuery,
  { scope, versionOf }: { scope?: SQL; versionOf?: bigint } = {},
): Promise<VersionedPage<InvoiceWithOwingRow>> => {
  // Compiled first: a bad filter or order answers 400 before any query runs.
  const where = and(
    posted,
    visibleAccountsCondition(caller, invoices.accountId),
    compileFilter(query.dnfilter, INVOICE_FIELDS),
    scope,
  )!;
  const orderBy = query.orderby?.trim()
    ? compileOrderBy(query.orderby, INVOICE_FIELDS, { tieBreaker: invoices.id })
    : DEFAULT_ORDER;
  const countAll = () => db.select({ n: count() }).from(invoices).where(where);
  // One statement written out rather than built (the query builder cost more than the rest of the page).
  // The count rides along (one round trip); the inner `invoices` of its subquery shadows the outer one,
  // so the same condition counts the whole filtered set.
  const { rows } = await db.execute<PageRow>(sql`select ${PAGE_COLUMNS},
    ${query.count ? sql`(select count(*) from invoices where ${where})::text` : sql`null`} as total,
    ${versionOf === undefined ? sql`null` : ledgerVersionOf(versionOf)} as version
    from invoices where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${query.take} offset ${query.skip}`);
  const page: InvoiceWithOwingRow[] = rows.map((row) => Object.assign(row, { postedDate: row.postedDate === null ? null : new Date(row.postedDate) }));
  const version = rows[0]?.version ?? undefined;
  if (!query.count) return { rows: page, count: undefined, version };
  // A page past the end has no row to carry the count.
  const total = rows[0] ? Number(rows[0].total) : query.skip === 0 ? 0 : (await countAll())[0]!.n;
  return { rows: page, count: total, version };
};

const findPosted = async (db: PortalDb, condition: SQL | undefined): Promise<PostedInvoiceRow | undefined> => {
  const [row] = await db
    .select({ ...invoiceColumns, owing: owingOfInvoice, credited: creditedOfInvoice, receivableId: receivables.id })
    .from(invoices)
    .innerJoin(receivables, eq(receivables.invoiceId, invoices.id))
    .where(and(posted, condition))
    .limit(1);
  return row;
};

/** One Posted invoice the caller may see, with what it owes and its receivable; undefined otherwise. */
export const findPostedInvoice = (db: PortalDb, caller: Caller, invoiceId: bigint): Promise<PostedInvoiceRow | undefined> =>
  findPosted(db, and(eq(invoices.id, invoiceId), visibleAccountsCondition(caller, invoices.accountId)));

/**
 * One Posted invoice by id with no caller: only for signed document links, whose verified
 * signature is the authorization (it was issued to someone who could see the invoice).
 */
export const findPostedInvoiceById = (db: PortalDb, invoiceId: bigint): Promise<PostedInvoiceRow | undefined> =>
  findPosted(db, eq(invoices.id, invoiceId));

export interface InvoicePaymentRow {
  assignmentId: bigint;
  assignedAmount: string;
  paymentId: bigint;
  date: Date;
  description: string | null;
  currency: string;
  status: 'Successful' | 'Error' | 'InProgress';
  type: string;
}

/** Every payment assignment to a receivable (all statuses), newest payment first. */
export const listReceivablePayments = (db: PortalDb, receivableId: bigint): Promise<InvoicePaymentRow[]> =>
  db
    .select({
      assignmentId: paymentAssignments.id,
      assignedAmount: paymentAssignments.amount,
      paymentId: payments.id,
      date: payments.date,
      description: payments.description,
      currency: payments.currency,
      status: payments.status,
      type: payments.type,
    })
    .from(paymentAssignments)
    .innerJoin(payments, eq(payments.id, paymentAssignments.paymentId))
    .where(eq(paymentAssignments.receivableId, receivableId))
    .orderBy(desc(payments.date), desc(payments.id), desc(paymentAssignments.id));

/** An assignment as `json_build_object` writes it: ids and amounts as text (64-bit ids stay exact). */
interface InvoicePaymentJson {
  assignmentId: string;
  assignedAmount: string;
  paymentId: string;
  date: string;
  description: string | null;
  currency: string;
  status: InvoicePaymentRow['status'];
  type: string;
}

/** The receivable's assignments as one JSON array, in `listReceivablePayments`' order. */
const receivablePaymentsJson = sql<InvoicePaymentJson[]>`(
  select coalesce(json_agg(json_build_object(
    'assignmentId', pa.id::text, 'assignedAmount', pa.amount::text, 'paymentId', p.id::text, 'date', p.date,
    'description', p.description, 'currency', p.currency, 'status', p.status, 'type', p.type
  ) order by p.date desc, p.id desc, pa.id desc), '[]'::json)
  from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = receivables.id)`;

/** A credit note as `json_build_object` writes it, with the dispute it came from and the disputed charge. */
interface InvoiceCreditJson {
  id: string;
  date: string;
  amount: string;
  currency: string;
  line: string | null;
  disputeId: string | null;
  reason: InvoiceCreditRow['reason'];
}

export interface InvoiceCreditRow {
  id: bigint;
  date: Date;
  /** numeric text */
  amount: string;
  currency: string;
  line: string | null;
  disputeId: bigint | null;
  reason: 'NotRecognised' | 'WrongAmount' | 'ServiceNotReceived' | 'Duplicate' | 'Other' | null;
}

/** The receivable's credit notes as one JSON array, oldest first. */
const receivableCreditsJson = sql<InvoiceCreditJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', cn.id::text, 'date', cn.created_at, 'amount', cn.amount::text, 'currency', cn.currency,
    'line', ch.description, 'disputeId', cn.dispute_id::text, 'reason', d.reason
  ) order by cn.created_at, cn.id), '[]'::json)
  from credit_notes cn
  left join disputes d on d.id = cn.dispute_id
  left join charges ch on ch.id = d.charge_id
  where cn.receivable_id = receivables.id)`;

const creditRow = (c: InvoiceCreditJson): InvoiceCreditRow => ({
  ...c,
  id: BigInt(c.id),
  date: new Date(c.date),
  disputeId: c.disputeId === null ? null : BigInt(c.disputeId),
});

/** Every credit note on a receivable, oldest first. */
export const listReceivableCredits = async (db: PortalDb, receivableId: bigint): Promise<InvoiceCreditRow[]> => {
  const { rows } = await db.execute<{ credits: InvoiceCreditJson[] }>(
    sql`select ${receivableCreditsJson} as credits from receivables where receivables.id = ${receivableId}`,
  );
  return (rows[0]?.credits ?? []).map(creditRow);
};

// Written out: drizzle may render the column bare ("account_id"), which inside the subquery is the version's own.
const invoiceVersion = ledgerVersionOf(sql`invoices.account_id`);

const invoiceDetailsStatements = preparedPerDatabase((db) =>
  prepareForCallers('invoice_details', invoices.accountId, (name, access) =>
    db
      .select({
        ...invoiceColumns,
        owing: owingOfInvoice,
        credited: creditedOfInvoice,
        receivableId: receivables.id,
        payments: receivablePaymentsJson,
        credits: receivableCreditsJson,
        version: invoiceVersion,
      })
      .from(invoices)
      .innerJoin(receivables, eq(receivables.invoiceId, invoices.id))
      .where(and(posted, eq(invoices.id, sql.placeholder('invoiceId')), access))
      .limit(1)
      .prepare(name),
  ),
);

export interface InvoiceDetailsRows {
  /** The ledger version of the invoice's account, read with the rows. */
  version: string;
  invoice: PostedInvoiceRow;
  payments: InvoicePaymentRow[];
  credits: InvoiceCreditRow[];
}

/**
 * A Posted invoice the caller may see with every payment assigned to it, in one prepared statement
 * (the invoice detail is a hot call); undefined otherwise.
 */
export const findInvoiceDetails = async (
  db: PortalDb,
  caller: Caller,
  invoiceId: bigint,
): Promise<InvoiceDetailsRows | undefined> => {
  const [row] = await executeAsCaller(invoiceDetailsStatements(db), caller, { invoiceId });
  if (!row) return undefined;
  const { payments: assigned, credits, version, ...invoice } = row;
  return {
    version,
    invoice,
    credits: credits.map(creditRow),
    payments: assigned.map((p) => ({
      ...p,
      assignmentId: BigInt(p.assignmentId),
      paymentId: BigInt(p.paymentId),
      date: new Date(p.date),
    })),
  };
};

export interface BillToRow extends AddressFields {
  customerNo: string;
  name: string;
  invoiceName: string | null;
  invoiceEmailAddress: string | null;
  /** The account's language: what its documents are written in. */
  language: 'English' | 'French';
  /** How the account's bills come (docs/decisions/0037-a-bill-that-explains-itself.md). */
  billDelivery: BillDelivery;
  /** Whether an address was found (all address fields may legitimately be null). */
  hasAddress: boolean;
  /** The account's time zone (`accountTimeZone`): what its documents date things by. */
  timeZone: string;
}

/**
 * The bill-to block of an invoice: the account's names and the Billing address whose link was
 * current when the invoice was posted, else the one current at `now` (links are dated history).
 */
export const findBillTo = async (
  db: PortalDb,
  accountId: bigint,
  postedAt: Date | null,
  now: Date,
): Promise<BillToRow | undefined> => {
  const at = sql`${(postedAt ?? now).toISOString()}::timestamptz`;
  const today = sql`${now.toISOString()}::timestamptz`;
  const currentAt = (instant: SQL) => isCurrentBillingLink('aa', instant);
  // One round trip: the document download runs this per request.
  const { rows } = await db.execute<{
    customer_no: string;
    name: string;
    invoice_name: string | null;
    invoice_email_address: string | null;
    language: 'English' | 'French';
    bill_delivery: BillDelivery;
    time_zone: string | null;
    street_number: string | null;
    street_name: string | null;
    city: string | null;
    province: string | null;
    postal: string | null;
    country: string | null;
    has_address: boolean;
  }>(sql`
    select a.customer_no, a.name, a.invoice_name, a.invoice_email_address, a.language, a.bill_delivery, a.time_zone,
      b.street_number, b.street_name, b.city, b.province, b.postal, b.country, b.id is not null as has_address
    from accounts a
    left join lateral (
      select ad.* from account_addresses aa join addresses ad on ad.id = aa.address_id
      where aa.account_id = a.id and (${currentAt(at)} or ${currentAt(today)})
      -- Current at posting beats current now; of two links current at once, the later one wins.
      order by ${currentAt(at)} desc, aa.start_date desc, aa.id desc
      limit 1
    ) b on true
    where a.id = ${accountId}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    customerNo: row.customer_no,
    name: row.name,
    invoiceName: row.invoice_name,
    invoiceEmailAddress: row.invoice_email_address,
    language: row.language,
    billDelivery: row.bill_delivery,
    streetNumber: row.street_number,
    streetName: row.street_name,
    city: row.city,
    province: row.province,
    postal: row.postal,
    country: row.country,
    hasAddress: row.has_address,
    timeZone: accountTimeZone(row.time_zone, row),
  };
};

export interface ChargeGroupRow {
  category: 'Plan' | 'Usage' | 'OneTime' | 'Adjustment' | 'Tax';
  description: string;
  amount: string;
}

const categoryOrder = sql`array_position(array['Plan','Usage','OneTime','Adjustment','Tax']::text[], ${charges.category})`;

/** An invoice's charges summed per category and description, in bill order. */
export const listChargeGroups = (db: PortalDb, invoiceId: bigint): Promise<ChargeGroupRow[]> =>
  db
    .select({ category: charges.category, description: charges.description, amount: sql<string>`sum(${charges.amount})::text` })
    .from(charges)
    .where(eq(charges.invoiceId, invoiceId))
    .groupBy(charges.category, charges.description)
    .orderBy(categoryOrder, sql`min(${charges.id})`);

export interface InvoiceChargeRow {
  category: ChargeGroupRow['category'];
  description: string;
  quantity: string;
  amount: string;
  startDate: string;
  endDate: string;
  /** A Tax line's rate (percent) and registration, as the provider posted them (null on the seed's). */
  taxRate: string | null;
  taxRegistration: string | null;
}

/** Every charge line of an invoice in bill order (for the PDF). */
export const listInvoiceCharges = (db: PortalDb, invoiceId: bigint): Promise<InvoiceChargeRow[]> =>
  db
    .select({
      category: charges.category,
      description: charges.description,
      quantity: charges.quantity,
      amount: charges.amount,
      startDate: charges.startDate,
      endDate: charges.endDate,
      taxRate: charges.taxRate,
      taxRegistration: charges.taxRegistration,
    })
    .from(charges)
    .where(eq(charges.invoiceId, invoiceId))
    .orderBy(categoryOrder, asc(charges.id));

export interface BalanceForwardRow {
  /** Posted invoices of the account and currency before this one. */
  invoicedBefore: string;
  /** Successful payments dated before the previous invoice was posted. */
  paidBeforePrevious: string;
  /** Successful payments from the previous invoice's posting up to this one's. */
  paymentsSincePrevious: string;
  /** Credit notes and provider credits in the same span. */
  creditsSincePrevious: string;
}

/** The sums a balance-forward needs, in the invoice's currency, from the ledger. */
export const sumBalanceForward = async (db: PortalDb, invoice: InvoiceRow & { postedDate: Date }): Promise<BalanceForwardRow> => {
  const { rows } = await db.execute<LedgerBalanceForward>(balanceForwardSql(invoice));
  const row = rows[0]!;
  return {
    invoicedBefore: row.invoiced_before,
    paidBeforePrevious: row.paid_before_previous,
    paymentsSincePrevious: row.payments_since_previous,
    creditsSincePrevious: row.credits_since_previous,
  };
};

/** A charge line as `json_build_object` writes it (ids and amounts as text). */
interface BillLineJson {
  id: string;
  category: ChargeGroupRow['category'];
  description: string;
  quantity: string;
  amount: string;
  startDate: string;
  endDate: string;
  usageClass: number | null;
}

export interface BillPairRow {
  invoice: BillInvoice;
  /** The account's Posted invoice in the same currency before it (by period end, then id); null for the first. */
  previous: BillInvoice | null;
}

const billLinesJson = (invoiceId: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
    'id', c.id::text, 'category', c.category, 'description', c.description, 'quantity', c.quantity::text,
    'amount', c.amount::text, 'startDate', c.start_date::text, 'endDate', c.end_date::text, 'usageClass', c.usage_class
  ) order by c.id), '[]'::json) from charges c where c.invoice_id = ${invoiceId})`;

const billInvoice = (row: { id: string; start_date: string; end_date: string; amount: string; lines: BillLineJson[] }): BillInvoice => ({
  id: BigInt(row.id),
  startDate: row.start_date,
  endDate: row.end_date,
  amount: row.amount,
  lines: row.lines.map((line) => ({ ...line, id: BigInt(line.id) })),
});

/** An invoice's lines and its previous invoice's, in one statement (what a bill's changes are read from). */
export const findBillPair = async (db: PortalDb, invoice: InvoiceRow): Promise<BillPairRow> => {
  const { rows } = await db.execute<{ id: string; start_date: string; end_date: string; amount: string; lines: BillLineJson[]; current: boolean }>(sql`
    select i.id::text, i.start_date::text, i.end_date::text, i.amount::text, ${billLinesJson(sql`i.id`)} as lines, i.id = ${invoice.id} as current
    from invoices i where i.id = ${invoice.id}
    union all
    select * from (
      select p.id::text, p.start_date::text, p.end_date::text, p.amount::text, ${billLinesJson(sql`p.id`)}, false
      from invoices p
      where p.account_id = ${invoice.accountId} and p.state = 'Posted' and p.currency = ${invoice.currency}
        and (p.end_date, p.id) < (${invoice.endDate}::date, ${invoice.id}::int8)
      order by p.end_date desc, p.id desc limit 1
    ) previous`);
  const current = rows.find((row) => row.current);
  if (!current) throw new Error(`Invoice ${invoice.id} is missing`);
  const previous = rows.find((row) => !row.current);
  return { invoice: billInvoice(current), previous: previous ? billInvoice(previous) : null };
};
