/**
 * The daily notice "automatic payment in 3 days": for each account period the autopay job will
 * charge within AUTOPAY_NOTICE_DAYS (a due date, or the monthly 15th), with money open, one
 * notification — keyed by the period, so repeated runs and several instances record it once.
 */
import { sql } from 'drizzle-orm';
import { AUTOPAY_ON, minorToDecimal, toMinor } from '@portal/contract';
import type { Deps } from '../../../http/deps';
import { committedOnReceivable } from '../../../lib/ledger';
import { notifyAccount } from '../../notifications';
import { openReceivables } from '../../payments';
import { addDays, AUTOPAY_NOTICE_DAYS, autopayAmountMinor, monthlyPeriod, monthlyRunToAnnounce, utcDay } from './rules';

const BATCH = 500;

type Upcoming = {
  account_id: string;
  currency: string;
  amount_type: 'full' | 'fixed';
  fixed_amount: string | null;
  period: string;
  run_day: string;
};

const upcoming = async (deps: Pick<Deps, 'db'>, today: string): Promise<Upcoming[]> => {
  const monthlyDay = monthlyRunToAnnounce(today);
  const notYet = (period: ReturnType<typeof sql>) => sql`
    not exists (select 1 from autopay_runs ar where ar.account_id = s.account_id and ar.period = ${period})
    and not exists (select 1 from notifications n where n.account_id = s.account_id and n.event_key = 'autopay_scheduled:' || ${period})`;
  const result = await deps.db.execute<Upcoming>(sql`
    select s.account_id::text, a.currency, s.amount_type, s.fixed_amount::text, 'due:' || r.id as period, r.due_date::text as run_day
    from autopay_schedules s
    join accounts a on a.id = s.account_id and a.payment_method = ${AUTOPAY_ON}
    join receivables r on r.account_id = s.account_id and r.currency = a.currency and r.due_date > ${today} and r.due_date <= ${addDays(today, AUTOPAY_NOTICE_DAYS)}
    join invoices i on i.id = r.invoice_id and i.state = 'Posted'
    where s.frequency = 'dueDate' and r.amount - ${committedOnReceivable(sql`r.id`)} > 0 and ${notYet(sql`'due:' || r.id`)}
    ${
      monthlyDay
        ? sql`union all
    select s.account_id::text, a.currency, s.amount_type, s.fixed_amount::text, ${monthlyPeriod(monthlyDay)}, ${monthlyDay}
    from autopay_schedules s
    join accounts a on a.id = s.account_id and a.payment_method = ${AUTOPAY_ON}
    where s.frequency = 'monthly' and ${notYet(sql`${monthlyPeriod(monthlyDay)}`)}`
        : sql``
    }
    order by 1, 5
    limit ${BATCH}`);
  return result.rows;
};

/** The job step: records each coming automatic payment once; answers how many it recorded. */
export const noticeUpcomingAutopayments = async (deps: Pick<Deps, 'db' | 'outbox'>, now: Date): Promise<number> => {
  let recorded = 0;
  for (const item of await upcoming(deps, utcDay(now))) {
    const accountId = BigInt(item.account_id);
    const row = await deps.db.transaction(async (tx) => {
      // What it would take if it ran now (the whole open balance, or the fixed amount up to it).
      const openMinor = (await openReceivables(tx, accountId, item.currency)).reduce((sum, r) => sum + r.openMinor, 0n);
      const amountMinor = autopayAmountMinor(
        { amountType: item.amount_type, fixedAmountMinor: item.fixed_amount === null ? null : toMinor(item.fixed_amount) },
        openMinor,
      );
      if (amountMinor === 0n) return null;
      return notifyAccount(
        { db: tx, outbox: deps.outbox },
        {
          accountId,
          event: 'autopay_scheduled',
          data: { period: item.period, date: item.run_day, amount: minorToDecimal(amountMinor), currency: item.currency.trim() },
          at: now,
        },
      );
    });
    if (row) recorded += 1;
  }
  return recorded;
};
