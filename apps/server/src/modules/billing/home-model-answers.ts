/**
 * Home model answers kept per account with the home model version they were read at (ARCHITECTURE.md,
 * Data): served again while a primary-key read (access folded in) finds that version still current,
 * on the same day where the customer lives, and before a dated billing address link starts or ends.
 */
import { endpoints, fromMinor, moneyFromDecimal, overdueByCurrency, todayIn, type CurrencyCode } from '@portal/contract';
import { timeZoneOfAddress } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { findHomeModelVersion } from '../../lib/home-model-versions';
import { homeModelAnswers, homeModelKeptBytes } from '../../lib/metrics';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { EncodedAnswer } from '../../plugins/compression';
import { encodeAnswer } from '../../plugins/json';
import { presentPayment } from '../payments';
import { findHomeModel, type HomeModelRows } from './home-model-repository';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

/** A home model answer as sent, and the day (where the customer lives) its overdue lines were worked out for. */
export interface HomeModelAnswer extends EncodedAnswer {
  timeZone: string;
  today: string;
}

const presentHomeModel = (model: HomeModelRows, today: string) => {
  const overdue = overdueByCurrency(model.openInvoices, today);
  return {
    balances: model.balances.map((b) => ({ amount: moneyFromDecimal(b.amount), currency: { code: b.currency as CurrencyCode } })),
    recentPayments: model.recentPayments.map(presentPayment),
    paymentDueDate: model.openInvoices[0]?.dueDate ?? null,
    overdue: overdue.map((o) => ({ amount: fromMinor(o.owingMinor), currency: { code: o.currency }, since: o.since })),
  };
};

export const createHomeModelAnswers = ({ db, maxBytes }: { db: PortalDb; maxBytes: number }) => {
  const kept = createVersionedCache<HomeModelAnswer>({
    maxBytes,
    sizeOf: (answer) => answer.json.length + (answer.compressed.br?.length ?? 0) + (answer.compressed.gzip?.length ?? 0),
  });
  const recordBytes = () => homeModelKeptBytes.set(kept.bytes);

  return {
    /** The account's answer, kept or read afresh; undefined when the caller may not use the account. */
    async answer(caller: Caller, accountId: bigint, now: Date): Promise<HomeModelAnswer | undefined> {
      const key = String(accountId);
      if (kept.has(key)) {
        const version = await findHomeModelVersion(db, caller, accountId);
        if (version === undefined) return undefined;
        const answer = kept.get(key, version, now.getTime());
        if (answer && todayIn(answer.timeZone, now) === answer.today) {
          homeModelAnswers.inc({ source: 'kept' });
          return answer;
        }
      }
      const model = await findHomeModel(db, caller, accountId, RECENT_PAYMENT_COUNT, now);
      if (!model) return undefined;
      // "Today" where the customer lives (their billing address's time zone), as every invoice state uses.
      const timeZone = timeZoneOfAddress(model.billingAddress);
      const today = todayIn(timeZone, now);
      const json = encodeAnswer(endpoints.homeModel.answer.schema, presentHomeModel(model, today), 'the home model');
      const answer: HomeModelAnswer = { json, timeZone, today, compressed: {} };
      kept.set(key, model.version, answer, model.billingAddressChangesAt ?? Infinity);
      homeModelAnswers.inc({ source: 'database' });
      recordBytes();
      return answer;
    },

    /** Counts the kept answer of the account again after a compressed encoding was added to it. */
    grew(accountId: bigint): void {
      kept.resize(String(accountId));
      recordBytes();
    },
  };
};
