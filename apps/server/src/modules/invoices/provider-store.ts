/**
 * SQL of the provider API's invoices. A posted invoice is the same three kinds of row the seed writes
 * (db/seed/build-account.ts): the Posted invoice, its charges (taxes as Tax charges) and its receivable,
 * so the ledger (lib/ledger.ts) and every screen read it like any other; the triggers move the account's
 * ledger version in the same transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { USAGE_CLASS_NAMES, type ProviderInvoice, type ProviderInvoiceBody } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, charges, invoices, receivables } from '../../db/schema';

export interface PostingTarget {
  accountId: bigint;
  currency: string;
  /** Whether an invoice has the body's number already (numbers are unique over all invoices). */
  numberTaken: boolean;
}

/** The account an invoice is posted to, by its external id, and whether the number is free: one statement. */
export const findPostingTarget = async (db: PortalDb, accountExternalId: string, invoiceNumber: string): Promise<PostingTarget | null> => {
  const [row] = await db
    .select({
      accountId: accounts.id,
      currency: accounts.currency,
      numberTaken: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.invoiceNumber} = ${invoiceNumber})`,
    })
    .from(accounts)
    .where(eq(accounts.externalId, accountExternalId));
  return row ?? null;
};

/** The midnight (UTC) that starts a calendar day: the posted instant of an invoice issued that day, as the seed writes it. */
const startOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/**
 * Writes the invoice Posted, its lines and taxes as charges over its period, and its receivable of the
 * total due on its due date; answers the invoice as the provider API shows it.
 */
export const insertPostedInvoice = async (
  db: PortalDb,
  input: { accountId: bigint; externalId: string; requestHash: string; body: ProviderInvoiceBody; at: Date },
): Promise<ProviderInvoice> => {
  const { accountId, body } = input;
  const [invoice] = await db
    .insert(invoices)
    .values({
      accountId,
      invoiceNumber: body.number,
      state: 'Posted',
      startDate: body.periodStart,
      endDate: body.periodEnd,
      dueDate: body.dueDate,
      postedDate: startOfDay(body.issueDate),
      amount: body.total,
      currency: body.currency,
      externalId: input.externalId,
      requestHash: input.requestHash,
      createdAt: input.at,
    })
    .returning();
  const invoiceId = invoice!.id;
  const common = { accountId, invoiceId, currency: body.currency, startDate: body.periodStart, endDate: body.periodEnd };
  const lines = await db
    .insert(charges)
    .values([
    ...body.lines.map((line) => ({
      ...common,
      category: line.category,
      description: line.description,
      quantity: line.quantity ?? '1',
      unitAmount: line.unitPrice ?? null,
      amount: line.amount,
      usageClass: line.usage === undefined ? null : USAGE_CLASS_NAMES.indexOf(line.usage),
    })),
    ...body.taxes.map((tax) => ({
      ...common,
      category: 'Tax' as const,
      description: tax.name,
      amount: tax.amount,
      taxRegistration: tax.registration ?? null,
      taxRate: tax.rate ?? null,
    })),
    ])
    .returning();
  await db.insert(receivables).values({ accountId, invoiceId, amount: body.total, currency: body.currency, dueDate: body.dueDate });
  // Read back as stored (numeric columns as PostgreSQL writes them), so the answer is the one a GET gives.
  return presentProviderInvoice({ externalId: input.externalId, accountExternalId: body.accountExternalId, invoice: invoice!, charges: lines });
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

/** The invoice posted under `externalId`, as the provider API answers it, with the hash of the body that posted it. */
export const findProviderInvoice = async (db: PortalDb, externalId: string): Promise<StoredProviderInvoice | null> => {
  const [row] = await db
    .select({ invoice: invoices, accountExternalId: accounts.externalId })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(eq(invoices.externalId, externalId));
  if (!row) return null;
  const lines = await db.select().from(charges).where(eq(charges.invoiceId, row.invoice.id)).orderBy(asc(charges.id));
  return {
    requestHash: row.invoice.requestHash,
    invoice: presentProviderInvoice({ externalId, accountExternalId: row.accountExternalId ?? '', invoice: row.invoice, charges: lines }),
  };
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

/** Serialises postings of one external id (a concurrent repeat waits, then is answered as a repeat). */
export const lockExternalId = async (db: PortalDb, externalId: string): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice:${externalId}`}))`);
};
