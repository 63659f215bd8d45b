/** Usage calls: the account's owner (or Staff/Admin) only; 404 for any other account, as every billing call. */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { monthIn, type CurrencyCode, type UsageFilter, type UsageRecords, type UsageRecordsQuerySchema, type UsageSummary } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { notFound } from '../../errors';
import type { Caller } from '../../lib/caller';
import { assertAccountAccess } from '../../lib/access';
import { documentLanguage } from '../../lib/language';
import { taxRulesOf } from '../../lib/rating';
import { findBillTo } from '../invoices';
import { usageCsvStream } from './export';
import { presentUsageRecords } from './presenter';
import { findOpenPeriod, findPlanLine, findUsageAccount, usageCondition, usageGroups, usagePage, type UsageAccountRow } from './repository';
import { summarizeUsage } from './summary';
import { USAGE_TEXTS } from './texts';


const requireAccount = async (db: PortalDb, caller: Caller, accountId: bigint): Promise<UsageAccountRow> => {
  await assertAccountAccess(db, caller, accountId);
  const account = await findUsageAccount(db, accountId);
  if (!account) throw notFound('The account');
  return account;
};

const currencyOf = (account: UsageAccountRow) => account.currency.trim() as CurrencyCode;

/** Usage/records: one sorted page of the filtered records, their totals and daily series. */
export const getUsageRecords = async (
  { db }: Pick<Deps, 'db'>,
  caller: Caller,
  accountId: bigint,
  query: z.output<typeof UsageRecordsQuerySchema>,
): Promise<UsageRecords> => {
  const account = await requireAccount(db, caller, accountId);
  const condition = usageCondition(accountId, query);
  const [rows, groups] = await Promise.all([usagePage(db, condition, query), usageGroups(db, condition)]);
  return presentUsageRecords(rows, groups, query.count, currencyOf(account));
};

/** Usage/summary: This period, against the plan, with the estimate of the next bill. */
export const getUsageSummary = async ({ db, clock }: Pick<Deps, 'db' | 'clock'>, caller: Caller, accountId: bigint): Promise<UsageSummary> => {
  const account = await requireAccount(db, caller, accountId);
  const now = clock.now();
  const [open, planLine, billTo] = await Promise.all([
    findOpenPeriod(db, accountId),
    findPlanLine(db, accountId),
    findBillTo(db, accountId, null, now),
  ]);
  // With no period being billed: the calendar month it is now in the account's zone.
  const period = open ? { start: open.startDate, end: open.endDate } : monthIn(billTo?.timeZone ?? accountTimeZone(null, null), now);
  const groups = await usageGroups(db, usageCondition(accountId, { from: period.start, to: period.end }));
  return summarizeUsage({
    period,
    asOf: now,
    currency: currencyOf(account),
    language: account.language,
    planLine,
    accountPlan: account.plan,
    taxRules: billTo?.country ? taxRulesOf(billTo.country, billTo.province) : null,
    groups,
  });
};

export interface UsageExport {
  fileName: string;
  open(): Promise<Readable>;
}

/** Usage/records/export: the filtered set as CSV, written for the account (language, time zone), opened once the caller may have it. */
export const prepareUsageExport = async (
  { database, clock }: Pick<Deps, 'database' | 'clock'>,
  caller: Caller,
  accountId: bigint,
  filter: UsageFilter,
): Promise<UsageExport> => {
  const db = database.db;
  await requireAccount(db, caller, accountId);
  const billTo = await findBillTo(db, accountId, null, clock.now());
  if (!billTo) throw notFound('The account');
  const language = documentLanguage(billTo.language);
  return {
    fileName: USAGE_TEXTS[language].exportFileName(billTo.customerNo, filter.from, filter.to),
    open: () => usageCsvStream(database, usageCondition(accountId, filter), { language, timeZone: billTo.timeZone }),
  };
};
