/**
 * The daily notices about saved cards: one "expires soon" in the 30 days before a card's last valid
 * day, one "expired" in the 30 days after. Each card expiry is recorded once (the notification's
 * unique event key), however often the job runs and on however many instances.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../http/deps';
import { notifyAccount } from '../notifications';

const DAY_MS = 86_400_000;
/** How long before (and after) a card's expiry its people are told. */
export const CARD_NOTICE_DAYS = 30;
const BATCH = 500;

/** The first instant a card no longer works: it is valid through the last day of its expiry month (UTC). */
export const cardExpiresAt = (card: { expMonth: number; expYear: number }): Date => new Date(Date.UTC(card.expYear, card.expMonth, 1));

/** Which notice a card is due at `now`, if any. Pure. */
export const cardNotice = (card: { expMonth: number; expYear: number }, now: Date): 'card_expiring' | 'card_expired' | null => {
  const left = cardExpiresAt(card).getTime() - now.getTime();
  if (left > 0 && left <= CARD_NOTICE_DAYS * DAY_MS) return 'card_expiring';
  if (left <= 0 && -left < CARD_NOTICE_DAYS * DAY_MS) return 'card_expired';
  return null;
};

type CardDue = {
  id: string;
  account_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

/** Cards whose expiry falls within 30 days either side of `now` and not yet told about (both notices checked). */
const cardsNear = async (deps: Pick<Deps, 'db'>, now: Date): Promise<CardDue[]> => {
  const result = await deps.db.execute<CardDue>(sql`
    with near as (
      select pm.id, pm.account_id, pm.brand, pm.last4, pm.exp_month, pm.exp_year,
        (make_date(pm.exp_year, pm.exp_month, 1) + interval '1 month')::timestamp at time zone 'UTC' as expires_at,
        lpad(pm.exp_month::text, 2, '0') || '/' || pm.exp_year as expiry
      from payment_methods pm
      -- A superset of both windows (a month is at most 31 days); cardNotice decides exactly.
      where make_date(pm.exp_year, pm.exp_month, 1) between (${now.toISOString()}::timestamptz - make_interval(days => ${CARD_NOTICE_DAYS + 31}))::date
        and (${now.toISOString()}::timestamptz + make_interval(days => ${CARD_NOTICE_DAYS}))::date
    )
    select id::text, account_id::text, brand, last4, exp_month, exp_year from near
    where not exists (
      select 1 from notifications n where n.account_id = near.account_id
        and n.event_key = (case when near.expires_at > ${now.toISOString()}::timestamptz then 'card_expiring:' else 'card_expired:' end) || near.id || ':' || near.expiry)
    order by id
    limit ${BATCH}`);
  return result.rows;
};

/** The job step: records each due card notice once; answers how many it recorded. */
export const noticeExpiringCards = async (deps: Pick<Deps, 'db' | 'outbox'>, now: Date): Promise<number> => {
  let recorded = 0;
  for (const card of await cardsNear(deps, now)) {
    const expiry = { expMonth: Number(card.exp_month), expYear: Number(card.exp_year) };
    const event = cardNotice(expiry, now);
    if (!event) continue;
    const data = { paymentMethodId: card.id, brand: card.brand, last4: card.last4, ...expiry };
    const row = await deps.db.transaction((tx) => notifyAccount({ db: tx, outbox: deps.outbox }, { accountId: BigInt(card.account_id), event, data, at: now }));
    if (row) recorded += 1;
  }
  return recorded;
};
