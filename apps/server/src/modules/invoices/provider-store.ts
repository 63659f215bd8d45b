/**
 * SQL of the provider API's invoices. A posted invoice is the same three kinds of row the seed writes
 * (db/seed/build-account.ts): the Posted invoice, its charges (taxes as Tax charges) and its receivable,
 * so the ledger (lib/ledger.ts) and every screen read it like any other; the triggers move the account's
 * ledger version in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { USAGE_CLASS_NAMES, type ProviderInvoice, type ProviderInvoiceBody } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import type { charges, invoices } from '../../db/schema';

export interface PostingTarget {
  accountId: bigint;
  currency: string;
  /** The account's language (its notice is written in it). */
  language: string | null;
  /** Whether an invoice has the body's number already (numbers are unique over all invoices). */
  numberTaken: boolean;
  /** Whether the account had unapplied credit when looked up (`accounts.unapplied_credit`). */
  unappliedCredit: boolean;
}

/** What a posting finds before it writes anything: an invoice already under its external id, else where it goes. */
export interface PostingLookup {
  /** The hash of the body that posted the invoice already under this external id. */
  posted: { requestHash: string | null } | null;
  target: PostingTarget | null;
}

/**
 * One statement: whether the external id is posted already, and the account the body names with whether
 * its number is free (a new posting reads nothing else before it writes).
 */
export const findPostingLookup = async (db: PortalDb, externalId: string, body: Pick<ProviderInvoiceBody, 'accountExternalId' | 'number'>): Promise<PostingLookup> => {
  const result = await db.execute<{
    posted: boolean;
    posted_hash: string | null;
    account_id: bigint | null;
    currency: string | null;
    language: string | null;
    number_taken: boolean;
    unapplied_credit: boolean | null;
  }>(sql`
    select exists (select 1 from invoices where external_id = ${externalId}) as posted,
      (select request_hash from invoices where external_id = ${externalId}) as posted_hash,
      a.id as account_id, a.currency, a.language, a.unapplied_credit,
      exists (select 1 from invoices where invoice_number = ${body.number}) as number_taken
    from (select 1) as one left join accounts a on a.external_id = ${body.accountExternalId}`);
  const row = result.rows[0]!;
  return {
    posted: row.posted ? { requestHash: row.posted_hash } : null,
    target:
      row.account_id === null || row.currency === null
        ? null
        : {
            accountId: BigInt(row.account_id),
            currency: row.currency,
            language: row.language,
            numberTaken: row.number_taken,
            unappliedCredit: row.unapplied_credit === true,
          },
  };
};

/** The midnight (UTC) that starts a calendar day: the posted instant of an invoice issued that day, as the seed writes it. */
const startOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** A charge of the posting as `jsonb_to_recordset` reads it: lines first, then taxes, in the body's order. */
const chargeRowsOf = (body: ProviderInvoiceBody) => [
  ...body.lines.map((line) => ({
    category: line.category,
    description: line.description,
    quantity: line.quantity ?? '1',
    unit_amount: line.unitPrice ?? null,
    amount: line.amount,
    usage_class: line.usage === undefined ? null : USAGE_CLASS_NAMES.indexOf(line.usage),
    tax_registration: null,
    tax_rate: null,
  })),
  ...body.taxes.map((tax) => ({
    category: 'Tax',
    description: tax.name,
    quantity: '1',
    unit_amount: null,
    amount: tax.amount,
    usage_class: null,
    tax_registration: tax.registration ?? null,
    tax_rate: tax.rate ?? null,
  })),
].map((row, ord) => ({ ...row, ord }));

type PostedRow = {
  id: bigint;
  invoice_number: string;
  start_date: string;
  end_date: string;
  due_date: string;
  posted_date: Date | null;
  amount: string;
  currency: string;
  created_at: Date;
  charge_id: bigint | null;
  category: string | null;
  description: string | null;
  charge_amount: string | null;
  quantity: string | null;
  unit_amount: string | null;
  usage_class: number | null;
  tax_registration: string | null;
  tax_rate: string | null;
  unapplied_credit: boolean;
};

/**
 * Writes the invoice Posted, its lines and taxes as charges over its period, and its receivable of the
 * total due on its due date, in one statement of constant text (prepared once per connection); answers the
 * invoice as the provider API shows it, or null when another posting took the external id first
 * (`on conflict … do nothing` waits for that posting's transaction, so the caller then reads it).
 *
 * With it, whether the account has unapplied credit, read under `for key share` of the account row (the
 * lock the foreign keys take anyway): a credit being issued holds `for update` on that row, so this waits
 * for it and, in READ COMMITTED, reads the row as that credit left it; a credit issued after waits for
 * this transaction and then sees the new receivable. Either way the credit is applied once.
 */
export const insertPostedInvoice = async (
  db: PortalDb,
  input: { accountId: bigint; externalId: string; requestHash: string; body: ProviderInvoiceBody; at: Date },
): Promise<{ invoice: ProviderInvoice; unappliedCredit: boolean } | null> => {
  const { body } = input;
  const result = await db.execute<PostedRow>(sql`
    with posted as (
      insert into invoices (account_id, invoice_number, state, start_date, end_date, due_date, posted_date, amount, currency, external_id, request_hash, created_at)
      values (${String(input.accountId)}, ${body.number}, 'Posted', ${body.periodStart}, ${body.periodEnd}, ${body.dueDate},
        ${startOfDay(body.issueDate).toISOString()}, ${body.total}, ${body.currency}, ${input.externalId}, ${input.requestHash}, ${input.at.toISOString()})
      on conflict (external_id) do nothing
      returning id, account_id, invoice_number, start_date, end_date, due_date, posted_date, amount, currency, created_at
    ), lines as (
      insert into charges (account_id, invoice_id, category, description, quantity, unit_amount, amount, currency, start_date, end_date, usage_class, tax_registration, tax_rate)
      select p.account_id, p.id, c.category, c.description, c.quantity, c.unit_amount, c.amount, p.currency, p.start_date, p.end_date, c.usage_class, c.tax_registration, c.tax_rate
      from posted p, jsonb_to_recordset(${JSON.stringify(chargeRowsOf(body))}::jsonb)
        as c(ord int, category text, description text, quantity numeric, unit_amount numeric, amount numeric, usage_class smallint, tax_registration text, tax_rate numeric)
      order by c.ord
      returning *
    ), receivable as (
      insert into receivables (account_id, invoice_id, amount, currency, due_date)
      select account_id, id, amount, currency, due_date from posted
    ), holder as (
      select unapplied_credit from accounts where id = ${String(input.accountId)} for key share
    )
    select (select unapplied_credit from holder) as unapplied_credit, p.id, p.invoice_number, p.start_date, p.end_date, p.due_date, p.posted_date, p.amount::text as amount, p.currency, p.created_at,
      l.id as charge_id, l.category, l.description, l.amount::text as charge_amount, l.quantity::text as quantity, l.unit_amount::text as unit_amount,
      l.usage_class, l.tax_registration, l.tax_rate::text as tax_rate
    from posted p left join lines l on true
    order by l.id`);
  if (result.rows.length === 0) return null;
  return { invoice: providerInvoiceOfRows(input.externalId, body.accountExternalId, result.rows), unappliedCredit: result.rows[0]!.unapplied_credit === true };
};

/** The answer from an invoice's rows joined with its charges (one row per charge, in id order; one row with null charge columns when it has none). */
const providerInvoiceOfRows = (externalId: string, accountExternalId: string, rows: PostedRow[]): ProviderInvoice => {
  const first = rows[0]!;
  // Read back as stored (numeric columns as PostgreSQL writes them), so the answer is the one a GET gives.
  return presentProviderInvoice({
    externalId,
    accountExternalId,
    invoice: {
      id: BigInt(first.id),
      invoiceNumber: first.invoice_number,
      startDate: first.start_date,
      endDate: first.end_date,
      postedDate: first.posted_date === null ? null : new Date(first.posted_date),
      dueDate: first.due_date,
      currency: first.currency,
      amount: first.amount,
      createdAt: new Date(first.created_at),
    },
    charges: rows
      .filter((row) => row.charge_id !== null)
      .map((row) => ({
        category: row.category as (typeof charges.$inferSelect)['category'],
        description: row.description!,
        amount: row.charge_amount!,
        quantity: row.quantity!,
        unitAmount: row.unit_amount,
        usageClass: row.usage_class,
        taxRegistration: row.tax_registration,
        taxRate: row.tax_rate,
      })),
  });
};

/** A `numeric` as the provider sent it: without the trailing zeros its column's scale adds ("1.000" → "1"). */
const plainDecimal = (value: string): string => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

export interface StoredProviderInvoice {
  invoice: ProviderInvoice;
  requestHash: string | null;
}

/** What the provider API answers of a posted invoice, from its stored rows (or the body just stored, read back alike). */
export const presentProviderInvoice = (input: {
  externalId: string;
  accountExternalId: string;
  invoice: Pick<typeof invoices.$inferSelect, 'id' | 'invoiceNumber' | 'startDate' | 'endDate' | 'postedDate' | 'dueDate' | 'currency' | 'amount' | 'createdAt'>;
  charges: Pick<typeof charges.$inferSelect, 'category' | 'description' | 'amount' | 'quantity' | 'unitAmount' | 'usageClass' | 'taxRegistration' | 'taxRate'>[];
}): ProviderInvoice => {
  const { invoice } = input;
  return {
    externalId: input.externalId,
    id: invoice.id,
    accountExternalId: input.accountExternalId,
    number: invoice.invoiceNumber,
    state: 'Posted',
    periodStart: invoice.startDate,
    periodEnd: invoice.endDate,
    issueDate: (invoice.postedDate ?? invoice.createdAt).toISOString().slice(0, 10),
    dueDate: invoice.dueDate,
    currency: invoice.currency.trim() as ProviderInvoice['currency'],
    lines: input.charges
      .filter((c) => c.category !== 'Tax')
      .map((c) => ({
        description: c.description,
        category: c.category as ProviderInvoice['lines'][number]['category'],
        amount: c.amount,
        quantity: plainDecimal(c.quantity),
        unitPrice: c.unitAmount === null ? null : plainDecimal(c.unitAmount),
        usage: c.usageClass === null ? null : (USAGE_CLASS_NAMES[c.usageClass] ?? null),
      })),
    taxes: input.charges
      .filter((c) => c.category === 'Tax')
      .map((c) => ({
        name: c.description,
        registration: c.taxRegistration,
        rate: c.taxRate === null ? null : plainDecimal(c.taxRate),
        amount: c.amount,
      })),
    total: invoice.amount,
    postedAt: invoice.createdAt.toISOString(),
  };
};

/** The invoice posted under `externalId`, as the provider API answers it, with the hash of the body that posted it: one statement. */
export const findProviderInvoice = async (db: PortalDb, externalId: string): Promise<StoredProviderInvoice | null> => {
  const result = await db.execute<PostedRow & { request_hash: string | null; account_external_id: string | null }>(sql`
    select i.id, i.invoice_number, i.start_date, i.end_date, i.due_date, i.posted_date, i.amount::text as amount, i.currency, i.created_at,
      i.request_hash, a.external_id as account_external_id,
      c.id as charge_id, c.category, c.description, c.amount::text as charge_amount, c.quantity::text as quantity, c.unit_amount::text as unit_amount,
      c.usage_class, c.tax_registration, c.tax_rate::text as tax_rate
    from invoices i join accounts a on a.id = i.account_id left join charges c on c.invoice_id = i.id
    where i.external_id = ${externalId}
    order by c.id`);
  const [first] = result.rows;
  if (!first) return null;
  return { requestHash: first.request_hash, invoice: providerInvoiceOfRows(externalId, first.account_external_id ?? '', result.rows) };
};

/** A unique violation of `index` anywhere in the error's causes (drizzle wraps the driver's error). */
export const violatesUnique = (error: unknown, index: string): boolean => {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505' && (e.constraint === index || String(e.message).includes(index))) return true;
    current = e.cause;
  }
  return false;
};
