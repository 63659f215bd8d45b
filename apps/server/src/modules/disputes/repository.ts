/** SQL of the dispute calls. Every read is limited to the accounts the caller may see. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisputeReason, DisputeStatus, PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, cdrs, charges, creditNotes, disputes, invoices, receivables, users } from '../../db/schema';
import { compileFilter, compileOrderBy } from '../../filter';
import { visibleAccountsCondition } from '../../lib/access';
import { committedOnReceivable } from '../../lib/ledger';
import type { Caller } from '../../lib/caller';
import { DISPUTE_FIELDS } from './fields';
import type { Claimed, DisputeBounds, InvoiceTaxes } from './rules';

/** What is disputed: one charge line or one call detail record. */
export type DisputedLine = { chargeId: bigint; cdrId?: undefined } | { cdrId: bigint; chargeId?: undefined };

export interface LineRow {
  accountId: bigint;
  invoiceId: bigint;
  invoiceNumber: string;
  invoiceState: 'Draft' | 'Posted' | 'Void';
  /** a charge's category (Tax lines follow the charges they are on); null for a call record */
  category: string | null;
  postedDate: Date | null;
  /** numeric text: 2 decimals for a charge, 4 for a call record */
  amount: string;
  currency: string;
}

/** The disputed line if the caller may see its account, with its invoice's state and posting. */
export const findLine = async (db: PortalDb, caller: Caller, line: DisputedLine): Promise<LineRow | undefined> => {
  const table = line.chargeId !== undefined ? charges : cdrs;
  const id = line.chargeId ?? line.cdrId;
  const [row] = await db
    .select({
      accountId: table.accountId,
      // The join's own id: a call record not billed yet has no invoice, and no line to dispute.
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceState: invoices.state,
      postedDate: invoices.postedDate,
      category: line.chargeId !== undefined ? charges.category : sql<null>`null`,
      amount: table.amount,
      currency: invoices.currency,
    })
    .from(table)
    .innerJoin(invoices, eq(invoices.id, table.invoiceId))
    .where(and(eq(table.id, id), visibleAccountsCondition(caller, table.accountId)))
    .limit(1);
  return row;
};

/** Numeric texts of one billed amount, what its live (not Rejected) disputes claim and what its resolved ones credited. */
interface ClaimsRow extends Record<string, unknown> {
  amount: string;
  disputed: string;
  credited: string;
}

const claimed = (row: ClaimsRow): Claimed => ({ amount: row.amount, disputed: row.disputed, credited: row.credited });

/**
 * A charge line's claims: its disputes and those of the call records billed on it (the invoice's
 * records of its usage class), read through the invoice's disputes, never its records.
 */
const lineClaims = async (db: PortalDb, chargeId: bigint): Promise<Claimed | null> => {
  const onLine = sql`(d.charge_id = c.id or r.usage_class = c.usage_class)`;
  const { rows } = await db.execute<ClaimsRow>(sql`
    select c.amount::text as amount,
      coalesce(sum(d.amount) filter (where d.status <> 'Rejected' and ${onLine}), 0)::text as disputed,
      coalesce(sum(d.credited_amount) filter (where d.status = 'Resolved' and ${onLine}), 0)::text as credited
    from ${charges} c
    left join ${disputes} d on d.invoice_id = c.invoice_id
    left join ${cdrs} r on r.id = d.cdr_id
    where c.id = ${chargeId}
    group by c.id`);
  return rows[0] ? claimed(rows[0]) : null;
};

/** A call record's own claims, and the Usage line of its invoice it is billed on (if any). */
const recordClaims = async (db: PortalDb, cdrId: bigint): Promise<{ record: Claimed; lineId: bigint | null } | null> => {
  const { rows } = await db.execute<ClaimsRow & { line_id: string | null }>(sql`
    select r.amount::text as amount,
      coalesce(sum(d.amount) filter (where d.status <> 'Rejected'), 0)::text as disputed,
      coalesce(sum(d.credited_amount) filter (where d.status = 'Resolved'), 0)::text as credited,
      (select c.id from ${charges} c where c.invoice_id = r.invoice_id and c.category = 'Usage' and c.usage_class = r.usage_class
        order by c.id limit 1)::text as line_id
    from ${cdrs} r
    left join ${disputes} d on d.cdr_id = r.id
    where r.id = ${cdrId}
    group by r.id, r.started_at`);
  const row = rows[0];
  return row ? { record: claimed(row), lineId: row.line_id === null ? null : BigInt(row.line_id) } : null;
};

/**
 * What bounds a dispute of `line` or its credit: the charge line with every live dispute on it and on its
 * records, and for a call record also the record with its own. Read under the account's lock.
 */
export const disputeBounds = async (db: PortalDb, line: DisputedLine): Promise<DisputeBounds> => {
  if (line.chargeId !== undefined) return { line: await lineClaims(db, line.chargeId), record: null };
  const found = await recordClaims(db, line.cdrId);
  if (!found) return { line: null, record: null };
  return { line: found.lineId === null ? null : await lineClaims(db, found.lineId), record: found.record };
};

/** The invoice's taxable subtotal, its taxes and the tax its dispute credits already gave back. */
export const invoiceTaxes = async (db: PortalDb, invoiceId: bigint): Promise<InvoiceTaxes> => {
  const { rows } = await db.execute<{ subtotal: string; taxes: string; tax_credited: string }>(sql`
    select coalesce(sum(c.amount) filter (where c.category <> 'Tax'), 0)::text as subtotal,
      coalesce(sum(c.amount) filter (where c.category = 'Tax'), 0)::text as taxes,
      (select coalesce(sum(n.amount - d.credited_amount), 0) from ${creditNotes} n join ${disputes} d on d.id = n.dispute_id
        where n.invoice_id = ${invoiceId})::text as tax_credited
    from ${charges} c where c.invoice_id = ${invoiceId}`);
  const row = rows[0]!;
  return { subtotal: row.subtotal, taxes: row.taxes, taxCredited: row.tax_credited };
};

export const insertDispute = async (
  db: PortalDb,
  values: { accountId: bigint; invoiceId: bigint; line: DisputedLine; reason: DisputeReason; details: string; amount: string; currency: string; userId: bigint; now: Date },
): Promise<bigint> => {
  const [row] = await db
    .insert(disputes)
    .values({
      accountId: values.accountId,
      invoiceId: values.invoiceId,
      chargeId: values.line.chargeId ?? null,
      cdrId: values.line.cdrId ?? null,
      reason: values.reason,
      details: values.details,
      amount: values.amount,
      currency: values.currency,
      createdByUserId: values.userId,
      createdAt: values.now,
    })
    .returning({ id: disputes.id });
  return row!.id;
};

const raisedBy = alias(users, 'raised_by');
const reviewedBy = alias(users, 'reviewed_by');
const resolvedBy = alias(users, 'resolved_by');

/** The Usage line of the record's invoice that bills the record's usage class. */
const recordLine = sql<bigint | null>`(select l.id from ${charges} l where l.invoice_id = ${cdrs.invoiceId} and l.category = 'Usage'
  and l.usage_class = ${cdrs.usageClass} order by l.id limit 1)`;

const disputeColumns = {
  id: disputes.id,
  accountId: disputes.accountId,
  accountNumber: accounts.customerNo,
  accountName: accounts.name,
  invoiceId: disputes.invoiceId,
  invoiceNumber: invoices.invoiceNumber,
  chargeId: disputes.chargeId,
  cdrId: disputes.cdrId,
  lineChargeId: sql<string | null>`coalesce(${disputes.chargeId}, ${recordLine})::text`,
  // A disputed call record dropped with its month after USAGE_RETENTION_MONTHS leaves its dispute without
  // the record's own text and amount (docs/decisions/0032-partitioned-call-records.md).
  lineDescription: sql<string>`coalesce(${charges.description}, ${cdrs.description}, '')`,
  lineAmount: sql<string>`coalesce(${charges.amount}, ${cdrs.amount}, ${disputes.amount})::text`,
  reason: disputes.reason,
  details: disputes.details,
  amount: disputes.amount,
  currency: disputes.currency,
  status: disputes.status,
  createdAt: disputes.createdAt,
  raisedBy: raisedBy.name,
  reviewedBy: reviewedBy.name,
  reviewedAt: disputes.reviewedAt,
  resolvedBy: resolvedBy.name,
  resolvedAt: disputes.resolvedAt,
  creditedAmount: disputes.creditedAmount,
  creditedTax: sql<string | null>`(${creditNotes.amount} - ${disputes.creditedAmount})::text`,
  rejectionReason: disputes.rejectionReason,
};

export interface DisputeRow {
  id: bigint;
  accountId: bigint;
  accountNumber: string;
  accountName: string;
  invoiceId: bigint;
  invoiceNumber: string;
  chargeId: bigint | null;
  cdrId: bigint | null;
  /** numeric text of the id */
  lineChargeId: string | null;
  lineDescription: string;
  lineAmount: string;
  reason: DisputeReason;
  details: string;
  amount: string;
  currency: string;
  status: DisputeStatus;
  createdAt: Date;
  raisedBy: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  creditedAmount: string | null;
  /** what the credit note gave back beyond the credited amount: the tax that followed it */
  creditedTax: string | null;
  rejectionReason: string | null;
}

const selectDisputes = (db: PortalDb) =>
  db
    .select(disputeColumns)
    .from(disputes)
    .innerJoin(accounts, eq(accounts.id, disputes.accountId))
    .innerJoin(invoices, eq(invoices.id, disputes.invoiceId))
    .leftJoin(charges, eq(charges.id, disputes.chargeId))
    .leftJoin(cdrs, eq(cdrs.id, disputes.cdrId))
    .leftJoin(raisedBy, eq(raisedBy.id, disputes.createdByUserId))
    .leftJoin(reviewedBy, eq(reviewedBy.id, disputes.reviewedByUserId))
    .leftJoin(resolvedBy, eq(resolvedBy.id, disputes.resolvedByUserId))
    .leftJoin(creditNotes, eq(creditNotes.disputeId, disputes.id));

/** Newest first, a stable tie-breaker after it. */
const DEFAULT_ORDER = [desc(disputes.createdAt), desc(disputes.id)];

export const listVisibleDisputes = async (
  db: PortalDb,
  caller: Caller,
  query: PagedQuery,
): Promise<{ rows: DisputeRow[]; count: number | undefined }> => {
  // Compiled first: a bad filter or order answers 400 before any query runs.
  const where = and(visibleAccountsCondition(caller, disputes.accountId), compileFilter(query.dnfilter, DISPUTE_FIELDS));
  const orderBy = query.orderby?.trim() ? compileOrderBy(query.orderby, DISPUTE_FIELDS, { tieBreaker: disputes.id }) : DEFAULT_ORDER;
  const [rows, total] = await Promise.all([
    selectDisputes(db).where(where).orderBy(...orderBy).limit(query.take).offset(query.skip),
    query.count ? db.select({ n: count() }).from(disputes).innerJoin(accounts, eq(accounts.id, disputes.accountId)).where(where) : Promise.resolve(undefined),
  ]);
  return { rows, count: total?.[0]?.n };
};

/** One dispute the caller may see (Staff and Admin: any). */
export const findDispute = async (db: PortalDb, caller: Caller, id: bigint): Promise<DisputeRow | undefined> => {
  const [row] = await selectDisputes(db)
    .where(and(eq(disputes.id, id), visibleAccountsCondition(caller, disputes.accountId)))
    .limit(1);
  return row;
};

/** Locks the dispute row for the rest of the transaction and reads what a status change needs. */
export const lockDispute = async (db: PortalDb, id: bigint) => {
  const [row] = await db
    .select({
      id: disputes.id,
      accountId: disputes.accountId,
      invoiceId: disputes.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      chargeId: disputes.chargeId,
      cdrId: disputes.cdrId,
      status: disputes.status,
      amount: disputes.amount,
      currency: disputes.currency,
    })
    .from(disputes)
    .innerJoin(invoices, eq(invoices.id, disputes.invoiceId))
    .where(eq(disputes.id, id))
    .for('update', { of: disputes });
  return row;
};

export const updateDispute = async (db: PortalDb, id: bigint, set: Partial<typeof disputes.$inferInsert>): Promise<void> => {
  await db.update(disputes).set(set).where(eq(disputes.id, id));
};

/** The invoice's receivable and what is still open on it (amount − payments promised − credits), as numeric text. */
export const openOnInvoice = async (db: PortalDb, invoiceId: bigint): Promise<{ receivableId: bigint; open: string } | undefined> => {
  const [row] = await db
    .select({ receivableId: receivables.id, open: sql<string>`(${receivables.amount} - ${committedOnReceivable(receivables.id)})::text` })
    .from(receivables)
    .where(eq(receivables.invoiceId, invoiceId));
  return row;
};

export const insertCreditNote = async (
  db: PortalDb,
  values: { accountId: bigint; invoiceId: bigint; receivableId: bigint; disputeId: bigint; amount: string; currency: string; description: string; userId: bigint; now: Date },
): Promise<bigint> => {
  const [row] = await db
    .insert(creditNotes)
    .values({
      accountId: values.accountId,
      invoiceId: values.invoiceId,
      receivableId: values.receivableId,
      disputeId: values.disputeId,
      amount: values.amount,
      currency: values.currency,
      description: values.description,
      createdByUserId: values.userId,
      createdAt: values.now,
    })
    .returning({ id: creditNotes.id });
  return row!.id;
};
