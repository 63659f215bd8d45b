import { and, eq, sql } from 'drizzle-orm';
import { moneyFromDecimal, type CurrencyCode, type Money } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { accounts } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { executeAsCaller, prepareForCallers } from '../../lib/access';
import { isCurrentBillingLink } from '../../lib/billing-links';
import { balancesByCurrencyJson, invoiceOwing, ledgerVersionOf } from '../../lib/ledger';
import type { PaymentRow } from '../payments';

/** A posted invoice that still owes something: what the payment-due and overdue lines are made of. */
export interface OpenInvoiceRow {
  currency: CurrencyCode;
  amount: Money;
  owing: Money;
  dueDate: string;
}

/** A recent payment with the columns the dashboard shows. */
export type HomePaymentRow = Pick<PaymentRow, 'id' | 'date' | 'amount' | 'currency' | 'status' | 'description' | 'type' | 'cardBrand' | 'cardLast4' | 'method' | 'failureReason'>;

export interface HomeModelRows {
  /** The account's ledger version these rows were read at ("0" before any write). */
  version: string;
  /** Per currency: Successful payments and credit notes less posted invoices (negative = owing), by currency code. */
  balances: { currency: string; amount: string }[];
  /** Newest first. */
  recentPayments: HomePaymentRow[];
  /** Posted invoices still owing something, oldest due first (the first one's due date is the payment-due date). */
  openInvoices: OpenInvoiceRow[];
  /** The billing address current now (what the account's time zone comes from), if any. */
  billingAddress: { country: string | null; province: string | null } | null;
  /** The next instant (epoch ms) a dated billing address link starts or ends, when one lies ahead. */
  billingAddressChangesAt: number | null;
  /** The zone the provider set on the account, if any (else its billing address decides). */
  timeZone: string | null;
}

// The correlated subqueries name the outer table: drizzle writes a bare "id" in a one-table select.
const account = sql`accounts.id`;

interface PaymentJson {
  id: string;
  date: string;
  amount: string;
  currency: string;
  status: PaymentRow['status'];
  description: string | null;
  type: string;
  cardBrand: string | null;
  cardLast4: string | null;
  method: PaymentRow['method'];
  failureReason: PaymentRow['failureReason'];
}

const recentPaymentsJson = sql<PaymentJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', id::text, 'date', date, 'amount', amount::text, 'currency', currency, 'status', status,
    'description', description, 'type', type, 'cardBrand', card_brand, 'cardLast4', card_last4,
    'method', method, 'failureReason', failure_reason
  ) order by date desc, id desc), '[]'::json)
  from (
    select * from payments where account_id = ${account} order by date desc, id desc limit ${sql.placeholder('paymentCount')}
  ) recent)`;

const openInvoicesJson = sql<{ currency: string; amount: string; owing: string; dueDate: string }[]>`(
  select coalesce(json_agg(json_build_object(
    'currency', currency, 'amount', amount::text, 'owing', owing::text, 'dueDate', due_date
  ) order by due_date, id), '[]'::json)
  from (
    select i.currency, i.amount, i.due_date, i.id, ${invoiceOwing(sql`i.id`, sql`i.amount`)} as owing from invoices i
    where i.account_id = ${account} and i.state = 'Posted'
  ) open
  where owing > 0)`;

// As findBillTo with no posting date: of the Billing links current now, the latest.
const billingAddressJson = sql<{ country: string | null; province: string | null } | null>`(
  select json_build_object('country', ad.country, 'province', ad.province)
  from account_addresses aa join addresses ad on ad.id = aa.address_id
  where aa.account_id = ${account} and ${isCurrentBillingLink('aa', sql`${sql.placeholder('now')}::timestamptz`)}
  order by aa.start_date desc, aa.id desc
  limit 1)`;

// A link starts being current at its start date and stops after its end date.
const billingAddressChangesAt = sql<number | null>`(
  select (extract(epoch from min(boundary)) * 1000)::float8
  from account_addresses aa cross join lateral (values (aa.start_date), (aa.end_date)) dates(boundary)
  where aa.account_id = ${account} and aa.type = 'Billing' and boundary >= ${sql.placeholder('now')}::timestamptz)`;

const homeModelStatements = preparedPerDatabase((db) =>
  prepareForCallers('home_model', account, (name, access) =>
    db
      .select({
        // Read in the same statement as the rows, so rows and version always belong together.
        version: ledgerVersionOf(account),
        balances: balancesByCurrencyJson(account),
        recentPayments: recentPaymentsJson,
        openInvoices: openInvoicesJson,
        billingAddress: billingAddressJson,
        billingAddressChangesAt,
        timeZone: accounts.timeZone,
      })
      .from(accounts)
      .where(and(eq(accounts.id, sql.placeholder('accountId')), access))
      .prepare(name),
  ),
);

/**
 * Everything the dashboard shows of an account, in one prepared statement with the caller's access
 * folded in (the home model is the hottest call); undefined when the caller may not use the account.
 */
export const findHomeModel = async (
  db: PortalDb,
  caller: Caller,
  accountId: bigint,
  paymentCount: number,
  now: Date,
): Promise<HomeModelRows | undefined> => {
  const [row] = await executeAsCaller(homeModelStatements(db), caller, { accountId, paymentCount, now: now.toISOString() });
  if (!row) return undefined;
  return {
    version: row.version,
    balances: row.balances,
    recentPayments: row.recentPayments.map((p) => ({ ...p, id: BigInt(p.id), date: new Date(p.date) })),
    openInvoices: row.openInvoices.map((o) => ({
      currency: o.currency as CurrencyCode,
      amount: moneyFromDecimal(o.amount),
      owing: moneyFromDecimal(o.owing),
      dueDate: o.dueDate,
    })),
    billingAddress: row.billingAddress,
    billingAddressChangesAt: row.billingAddressChangesAt === null ? null : Number(row.billingAddressChangesAt),
    timeZone: row.timeZone,
  };
};
