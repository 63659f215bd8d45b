/** Usage calls: the account's owner (or Staff/Admin) only; 404 for any other account, as every billing call. */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { monthIn, type CurrencyCode, type UsageFilter, type UsageRecords, type UsageRecordsQuerySchema, type UsageSummary } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { notFound } from '../../errors';
import type { Caller } from '../../lib/caller';
import { assertAccountAccess } from '../../lib/access';
import { documentLanguage } from '../../lib/language';
import { taxRulesOf } from '../../lib/rating';
import { findBillTo, type BillToRow } from '../invoices';
import { usageCsvStream } from './export';
import { presentUsageRecords } from './presenter';
import { findOpenPeriod, findPlanLine, findUsageAccount, usageCondition, usageGroups, usagePage, type UsageAccountRow } from './repository';
import { summarizeUsage } from './summary';
import { recordsKeptFrom } from '../../lib/call-record-retention';
import { USAGE_TEXTS } from './texts';

/** The account, with the time zone whose days its filters, daily series and This period count (decision 0025). */
const requireAccount = async (db: PortalDb, caller: Caller, accountId: bigint, now: Date): Promise<UsageAccountRow & { billTo: BillToRow }> => {
  await assertAccountAccess(db, caller, accountId);
  const [account, billTo] = await Promise.all([findUsageAccount(db, accountId), findBillTo(db, accountId, null, now)]);
  if (!account || !billTo) throw notFound('The account');
  return { ...account, billTo };
};

const currencyOf = (account: UsageAccountRow) => account.currency.trim() as CurrencyCode;

/** Usage/records: one sorted page of the filtered records, their totals and daily series. */
export const getUsageRecords = async (
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  accountId: bigint,
  query: z.output<typeof UsageRecordsQuerySchema>,
): Promise<UsageRecords> => {
  const account = await requireAccount(db, caller, accountId, clock.now());
  const { timeZone } = account.billTo;
  const condition = usageCondition(accountId, query, timeZone);
  const [rows, groups] = await Promise.all([usagePage(db, condition, query), usageGroups(db, condition, timeZone)]);
  return presentUsageRecords(rows, groups, query.count, currencyOf(account));
};

/** This period of an account (no access check: the caller has made it), with the account's facts alerts word it by. */
export const periodSummary = async (
  db: PortalDb,
  accountId: bigint,
  now: Date,
): Promise<(Omit<UsageSummary, 'recordsKept'> & { language: string; timeZone: string }) | null> => {
  const [account, billTo] = await Promise.all([findUsageAccount(db, accountId), findBillTo(db, accountId, null, now)]);
  if (!account || !billTo) return null;
  const [open, planLine] = await Promise.all([findOpenPeriod(db, accountId), findPlanLine(db, accountId)]);
  // With no period being billed: the calendar month it is now in the account's zone.
  const period = open ? { start: open.startDate, end: open.endDate } : monthIn(billTo.timeZone, now);
  const groups = await usageGroups(db, usageCondition(accountId, { from: period.start, to: period.end }, billTo.timeZone), billTo.timeZone);
  const summary = summarizeUsage({
    period,
    asOf: now,
    currency: currencyOf(account),
    language: account.language,
    planLine,
    accountPlan: account.plan,
    taxRules: billTo.country ? taxRulesOf(billTo.country, billTo.province) : null,
    groups,
  });
  return { ...summary, language: account.language, timeZone: billTo.timeZone };
};

/** Usage/summary: This period, against the plan, with the estimate of the next bill. */
export const getUsageSummary = async ({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller, accountId: bigint): Promise<UsageSummary> => {
  await assertAccountAccess(db, caller, accountId);
  const now = clock.now();
  const summary = await periodSummary(db, accountId, now);
  if (!summary) throw notFound('The account');
  const { language: _language, timeZone: _timeZone, ...period } = summary;
  const months = config.USAGE_RETENTION_MONTHS;
  return { ...period, recordsKept: { months, from: recordsKeptFrom(now, months).toISOString().slice(0, 10) } };
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
  const { billTo } = await requireAccount(database.db, caller, accountId, clock.now());
  const language = documentLanguage(billTo.language);
  return {
    fileName: USAGE_TEXTS[language].exportFileName(billTo.customerNo, filter.from, filter.to),
    open: () => usageCsvStream(database, usageCondition(accountId, filter, billTo.timeZone), { language, timeZone: billTo.timeZone }),
  };
};
