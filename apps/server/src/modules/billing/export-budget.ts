/**
 * How many streamed exports may run at once: per account (one customer cannot take every slot) and
 * overall (no more than the export pool's connections, so a download never waits for one).
 */
import { serviceUnavailable, tooManyRequests } from '../../errors';

export const EXPORT_MESSAGES = {
  accountBusy: 'Downloads of this account are already under way. Please wait for one to finish, then try again.',
  serviceBusy: 'Too many downloads are under way. Please try again in a moment.',
} as const;

/** Seconds a refused client is told to wait (Retry-After). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export interface ExportBudget {
  /** Takes a slot for one export of the account; throws 429/503 with Retry-After when none is free. The returned release is idempotent. */
  take(accountId: bigint): () => void;
  inUse(): number;
}

export const createExportBudget = ({ overall, perAccount }: { overall: number; perAccount: number }): ExportBudget => {
  const byAccount = new Map<bigint, number>();
  let total = 0;
  return {
    take: (accountId) => {
      const ofAccount = byAccount.get(accountId) ?? 0;
      if (ofAccount >= perAccount) throw tooManyRequests(EXPORT_MESSAGES.accountBusy, EXPORT_RETRY_AFTER_SECONDS);
      if (total >= overall) throw serviceUnavailable(EXPORT_MESSAGES.serviceBusy, EXPORT_RETRY_AFTER_SECONDS);
      byAccount.set(accountId, ofAccount + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byAccount.get(accountId) ?? 1) - 1;
        if (left === 0) byAccount.delete(accountId);
        else byAccount.set(accountId, left);
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
export const exportBudgetOf = (pool: object, limits: { overall: number; perAccount: number }): ExportBudget => {
  let budget = budgets.get(pool);
  if (!budget) {
    budget = createExportBudget(limits);
    budgets.set(pool, budget);
  }
  return budget;
};
