/**
 * "Your invoice is ready": the portal does not post invoices itself — the billing system (the seed,
 * here) writes them Posted with their posted date — so a job step finds invoices posted in the last
 * POSTED_NOTICE_DAYS without a notice and records one per invoice (its unique event key), once
 * however often it runs and on however many instances.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../http/deps';
import { notifyAccount } from '../notifications';

/** How far back a newly seen posted invoice is still announced (older ones are not news). */
export const POSTED_NOTICE_DAYS = 3;
const BATCH = 500;

type Posted = {
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
    const data = { invoiceId: invoice.id, invoiceNumber: invoice.invoice_number, amount: invoice.amount, currency: invoice.currency.trim(), dueDate: invoice.due_date };
    const row = await deps.db.transaction((tx) =>
      notifyAccount({ db: tx, outbox: deps.outbox }, { accountId: BigInt(invoice.account_id), event: 'invoice_posted', data, at: now }),
    );
    if (row) recorded += 1;
  }
  return recorded;
};
