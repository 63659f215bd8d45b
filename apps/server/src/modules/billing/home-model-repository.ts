import { and, eq, sql } from 'drizzle-orm';
import type { CurrencyCode, Money } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { accounts } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { executeAsCaller, prepareForCallers } from '../../lib/access';
import { isCurrentBillingLink } from '../../lib/billing-links';
import { balancesByCurrencyJson, invoiceOwing, invoiceOwingForOverdue, ledgerVersionOf } from '../../lib/ledger';
import type { PaymentRow } from '../payments';

/**
 * A posted invoice that still owes something: what the payment-due and overdue lines are made of. Amounts
 * come as JSON numbers, which read as exactly the wire amount `moneyFromDecimal` makes of their text.
 */
export interface OpenInvoiceRow {
  currency: CurrencyCode;
  amount: Money;
  owing: Money;
  /** What "overdue" counts of it: less bank debits still Processing (`invoiceOwingForOverdue`). */
  overdueOwing?: Money;
  dueDate: string;
}

/**
 * A recent payment with the columns the dashboard shows, as the statement writes it: the id as text
 * (64-bit ids stay exact), the date already in `toISOString` form, the amount a JSON number.
 */
export interface HomePaymentRow {
  id: string;
  date: string;
  amount: Money;
  currency: string;
  status: PaymentRow['status'];
  description: string | null;
  type: string;
  cardBrand: string | null;
  cardLast4: string | null;
  method: PaymentRow['method'];
  failureReason: PaymentRow['failureReason'];
}

export interface HomeModelRows {
  /** The account's ledger version these rows were read at ("0" before any write). */
  version: string;
  /** Per currency: Successful payments and credit notes less posted invoices (negative = owing), by currency code. */
  balances: { currency: string; amount: Money }[];
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

// Each row as a whole record (row_to_json), cheaper for the database than naming every field to
// json_build_object; the subquery's order is the aggregate's, as it feeds it alone.
const recentPaymentsJson = sql<HomePaymentRow[]>`(
  select coalesce(json_agg(recent), '[]'::json)
  from (
    select id::text as id, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, amount, currency,
      status, description, type, card_brand as "cardBrand", card_last4 as "cardLast4", method, failure_reason as "failureReason"
    from payments where account_id = ${account} order by payments.date desc, payments.id desc limit ${sql.placeholder('paymentCount')}
  ) recent)`;

// `offset 0` keeps the subquery whole: flattened, the owing would be worked out twice for each open invoice.
const openInvoicesJson = sql<OpenInvoiceRow[]>`(
  select coalesce(json_agg(json_build_object(
    'currency', currency, 'amount', amount, 'owing', owing, 'overdueOwing', overdue_owing, 'dueDate', due_date
  ) order by due_date, id), '[]'::json)
  from (
    select i.currency, i.amount, i.due_date, i.id, ${invoiceOwing(sql`i.id`, sql`i.amount`)} as owing,
      ${invoiceOwingForOverdue(sql`i.id`, sql`i.amount`)} as overdue_owing from invoices i
    where i.account_id = ${account} and i.state = 'Posted'
    offset 0
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
        balances: balancesByCurrencyJson(account, { amountAs: 'number' }),
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
    recentPayments: row.recentPayments,
    openInvoices: row.openInvoices,
    billingAddress: row.billingAddress,
    billingAddressChangesAt: row.billingAddressChangesAt === null ? null : Number(row.billingAddressChangesAt),
    timeZone: row.timeZone,
  };
};
