/**
 * "Your invoice is ready". An invoice posted through the provider API is announced in the transaction
 * that posts it; invoices a billing system writes straight into the database (the seed, here) are found
 * by a job step: those posted in the last POSTED_NOTICE_DAYS without a notice get one each (its unique
 * event key), once however often it runs and on however many instances.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../http/deps';
import { notifyAccount } from '../notifications';

/** How far back a newly seen posted invoice is still announced (older ones are not news). */
export const POSTED_NOTICE_DAYS = 3;
const BATCH = 500;

/** A posted invoice as the notice reads it (the job's SQL row). */
export type Posted = {
  id: string;
  account_id: string;
  invoice_number: string;
  amount: string;
  currency: string;
  due_date: string;
};

export const noticePostedInvoices = async (deps: Pick<Deps, 'db' | 'outbox'>, now: Date): Promise<number> => {
  const result = await deps.db.execute<Posted>(sql`
    select i.id::text, i.account_id::text, i.invoice_number, i.amount::text, i.currency, i.due_date::text
    from invoices i
    where i.state = 'Posted' and i.posted_date <= ${now.toISOString()}::timestamptz
      and i.posted_date > ${now.toISOString()}::timestamptz - make_interval(days => ${POSTED_NOTICE_DAYS})
      and not exists (select 1 from notifications n where n.account_id = i.account_id and n.event_key = 'invoice_posted:' || i.id)
    order by i.posted_date, i.id
    limit ${BATCH}`);
  let recorded = 0;
  for (const invoice of result.rows) {
    const row = await deps.db.transaction((tx) => announcePostedInvoice({ db: tx, outbox: deps.outbox }, invoice, now));
    if (row) recorded += 1;
  }
  return recorded;
};

/**
 * Records the notice of one posted invoice (and its emails) in `deps.db`, the transaction that posted it
 * or the job's: its event key makes it once whichever comes first. `language` is the account's, when the
 * caller has read it already.
 */
export const announcePostedInvoice = (deps: Pick<Deps, 'db' | 'outbox'>, invoice: Posted, at: Date, language?: string | null) =>
  notifyAccount(deps, {
    accountId: BigInt(invoice.account_id),
    ...(language === undefined ? {} : { language }),
    event: 'invoice_posted',
    data: { invoiceId: invoice.id, invoiceNumber: invoice.invoice_number, amount: invoice.amount, currency: invoice.currency.trim(), dueDate: invoice.due_date },
    at,
  });
