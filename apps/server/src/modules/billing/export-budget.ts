/**
 * How many streamed exports may run at once: per person (one signed-in person, Staff reaching every
 * account included, cannot take every slot), per account (one customer cannot either) and overall (no
 * more than the export pool's connections, so a download never waits for one).
 */
import { serviceUnavailable, tooManyRequests } from '../../errors';

export const EXPORT_MESSAGES = {
  personBusy: 'You already have downloads under way. Please wait for one to finish, then try again.',
  accountBusy: 'Downloads of this account are already under way. Please wait for one to finish, then try again.',
  serviceBusy: 'Too many downloads are under way. Please try again in a moment.',
} as const;

/** Seconds a refused client is told to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** Whose export it is: the account it reads, and the signed-in person streaming it (none for a signed link). */
export interface ExportOwner {
  accountId: bigint;
  userId: bigint | null;
}

export interface ExportLimits {
  overall: number;
  perAccount: number;
  perUser: number;
}

export interface ExportBudget {
  /** Takes a slot for one export; throws 429/503 with Retry-After when none is free. The returned release is idempotent. */
  take(owner: ExportOwner): () => void;
  inUse(): number;
}

const increment = (counts: Map<bigint, number>, key: bigint) => counts.set(key, (counts.get(key) ?? 0) + 1);
const decrement = (counts: Map<bigint, number>, key: bigint) => {
  const left = (counts.get(key) ?? 1) - 1;
  if (left === 0) counts.delete(key);
  else counts.set(key, left);
};

export const createExportBudget = ({ overall, perAccount, perUser }: ExportLimits): ExportBudget => {
  const byAccount = new Map<bigint, number>();
  const byUser = new Map<bigint, number>();
  let total = 0;
  return {
    take: ({ accountId, userId }) => {
      if (userId !== null && (byUser.get(userId) ?? 0) >= perUser) throw tooManyRequests(EXPORT_MESSAGES.personBusy, EXPORT_RETRY_AFTER_SECONDS);
      if ((byAccount.get(accountId) ?? 0) >= perAccount) throw tooManyRequests(EXPORT_MESSAGES.accountBusy, EXPORT_RETRY_AFTER_SECONDS);
      if (total >= overall) throw serviceUnavailable(EXPORT_MESSAGES.serviceBusy, EXPORT_RETRY_AFTER_SECONDS);
      increment(byAccount, accountId);
      if (userId !== null) increment(byUser, userId);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        decrement(byAccount, accountId);
        if (userId !== null) decrement(byUser, userId);
      };
    },
    inUse: () => total,
  };
};

const budgets = new WeakMap<object, ExportBudget>();

/**
 * The one budget of a database's export pool, shared by every route that streams an export (invoice
 * CDRs, the usage explorer's CSV), so together they never hold more exports than the pool has connections.
 */
export const exportBudgetOf = (pool: object, limits: ExportLimits): ExportBudget => {
  let budget = budgets.get(pool);
  if (!budget) {
    budget = createExportBudget(limits);
    budgets.set(pool, budget);
  }
  return budget;
};
