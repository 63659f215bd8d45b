/**
 * Account/{accountId}/history: the account's activity from the append-only audit log — payments, cards,
 * automatic payments, billing details — with who made each change. Support staff and administrators
 * acting for the customer are named as such, so the customer sees what was done for them.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_HISTORY_ACTIONS,
  CURRENCIES,
  moneyFromDecimal,
  ROLES,
  type AccountHistoryAction,
  type AccountHistoryEntry,
  type AccountHistoryQuerySchema,
  type CurrencyCode,
  type Paged,
} from '@portal/contract';
import type { z } from 'zod';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { assertAccountAccess } from '../../lib/access';

type HistoryRow = {
  id: string;
  at: Date | string;
  action: AccountHistoryAction;
  details: Record<string, unknown> | null;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_roles: string[] | null;
  actor_client_id: string | null;
  actor_client_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
};

const shown = sql.join(
  ACCOUNT_HISTORY_ACTIONS.map((action) => sql`${action}`),
  sql`, `,
);

/**
 * One page, newest first. The card comes from the entry's own details when it has them (a removed card is
 * gone from payment_methods), else from the card the entry names: the payment method itself, the one a
 * payment or schedule used.
 */
const historyPage = async (db: PortalDb, accountId: bigint, skip: number, take: number): Promise<HistoryRow[]> => {
  // The page is cut first (audit_log_account_idx), then each of its rows looks up its user and card by key.
  const idOf = (text: SQL) => sql`case when ${text} ~ '^[0-9]{1,18}$' then (${text})::bigint end`;
  const { rows } = await db.execute<HistoryRow>(sql`
    select l.id::text as id, l.at, l.action, l.details, l.actor_user_id::text as actor_user_id,
      u.name as actor_name, u.roles as actor_roles, l.actor_client_id::text as actor_client_id, c.name as actor_client_name,
      coalesce(l.details->>'brand', pm.brand) as card_brand, coalesce(l.details->>'last4', pm.last4) as card_last4
    from (
      select * from audit_log
      where account_id = ${accountId} and action in (${shown})
      order by at desc, id desc
      offset ${skip} limit ${take}
    ) l
    left join users u on u.id = l.actor_user_id
    left join api_clients c on c.id = l.actor_client_id
    left join payments p on l.entity = 'payment' and p.id = ${idOf(sql`l.entity_id`)}
    left join payment_methods pm on pm.id = coalesce(
      case when l.entity = 'payment_method' then ${idOf(sql`l.entity_id`)} end,
      ${idOf(sql`l.details->>'paymentMethodId'`)},
      p.payment_method_id)
    order by l.at desc, l.id desc`);
  return rows;
};

const historyCount = async (db: PortalDb, accountId: bigint): Promise<number> => {
  const { rows } = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from audit_log l where l.account_id = ${accountId} and l.action in (${shown})`);
  return Number(rows[0]?.n ?? 0);
};

const isStaffRole = (roles: readonly string[] | null): boolean => (roles ?? []).some((role) => (ROLES as readonly string[]).includes(role));

const currencyOf = (value: unknown): CurrencyCode | null =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value) ? (value as CurrencyCode) : null;

/** Actions about a person of the account, which name them by email. */
const PERSON_ACTIONS: ReadonlySet<AccountHistoryAction> = new Set(['account.person_invited', 'account.person_removed']);

/** An audit row as the customer reads it: what, who, when, and the amount or card it concerns. */
export const presentHistoryRow = (row: HistoryRow): AccountHistoryEntry => {
  const details = row.details ?? {};
  const amount = typeof details.amount === 'string' || typeof details.amount === 'number' ? String(details.amount) : null;
  const currency = currencyOf(details.currency);
  return {
    id: BigInt(row.id),
    at: new Date(row.at).toISOString(),
    action: row.action,
    actor:
      row.actor_client_id !== null
        ? { kind: 'client', name: row.actor_client_name }
        : row.actor_user_id === null
          ? { kind: 'system', name: null }
          : { kind: isStaffRole(row.actor_roles) ? 'staff' : 'customer', name: row.actor_name },
    amount: amount !== null && currency !== null ? moneyFromDecimal(amount) : null,
    currency: amount !== null ? currency : null,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    ...(PERSON_ACTIONS.has(row.action) && typeof details.email === 'string' ? { person: details.email } : {}),
  };
};

/** The history of an account the caller may use (404 for any other, as every billing call). */
export const getAccountHistory = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  accountId: bigint,
  query: z.output<typeof AccountHistoryQuerySchema>,
): Promise<Paged<AccountHistoryEntry>> => {
  await assertAccountAccess(db, caller, accountId);
  const [rows, count] = await Promise.all([
    historyPage(db, accountId, query.skip, query.take),
    query.count ? historyCount(db, accountId) : Promise.resolve(undefined),
  ]);
  return { value: rows.map(presentHistoryRow), ...(count === undefined ? {} : { count }) };
};
