/**
 * The SQL of Usage: an account's call detail records filtered by one condition (the page, the
 * totals, the daily series and the export all read it, so they always describe the same set), and
 * what the This period summary needs (the open period, the plan billed, the usage so far).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { daysSpanIn, minorToDecimal, toMinor, type UsageFilter } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { cdrs, invoices } from '../../db/schema';
import { compileOrderBy } from '../../filter';
import { containsPattern } from '../../lib/like-pattern';
import { ROAMING_CLASSES } from '../../lib/rating';
import { USAGE_FIELDS } from './fields';

const roamingClasses = sql.join(
  ROAMING_CLASSES.map((c) => sql.raw(String(c))),
  sql`, `,
);
/** Whether a record was made abroad: its rating class is one of the roaming classes. */
export const isRoaming = sql<boolean>`coalesce(${cdrs.usageClass} in (${roamingClasses}), false)`;

/**
 * The records of `accountId` the filter selects, its days being the account's (`timeZone`, decision
 * 0025). Values are bound as text with casts, so the same condition can also be printed with inline
 * literals for a COPY (`conditionText`).
 */
export const usageCondition = (accountId: bigint, filter: UsageFilter, timeZone: string): SQL => {
  const parts: SQL[] = [sql`${cdrs.accountId} = ${accountId.toString()}::bigint`];
  if (filter.from) parts.push(sql`${cdrs.startedAt} >= ${daysSpanIn(timeZone, filter.from, filter.from).from.toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`${cdrs.startedAt} < ${daysSpanIn(timeZone, filter.to, filter.to).until.toISOString()}::timestamptz`);
  if (filter.type) parts.push(sql`${cdrs.kind} = ${filter.type}`);
  if (filter.direction) parts.push(sql`${cdrs.direction} = ${filter.direction}`);
  if (filter.number !== undefined) {
    // Numbers are stored E.164 ('+' and digits): the digits typed, in any format, match either side.
    const pattern = containsPattern(filter.number.replace(/\D/g, ''));
    parts.push(sql`(${cdrs.fromNumber} like ${pattern} or coalesce(${cdrs.toNumber}, '') like ${pattern})`);
  }
  if (filter.roaming !== undefined) parts.push(filter.roaming ? isRoaming : sql`not ${isRoaming}`);
  if (filter.minAmount !== undefined) parts.push(sql`${cdrs.amount} >= ${minorToDecimal(toMinor(filter.minAmount))}::numeric`);
  return and(...parts)!;
};

const dialect = new PgDialect();

/** The condition as SQL text with its values inlined (quoted), for COPY, which takes no bind parameters. */
export const conditionText = (condition: SQL): string => dialect.sqlToQuery(sql`${condition}`.inlineParams()).sql;

export interface UsageRecordRow {
  id: bigint;
  kind: 'voice' | 'sms' | 'data';
  direction: 'outgoing' | 'incoming';
  startedAt: Date;
  fromNumber: string;
  toNumber: string | null;
  durationSeconds: number;
  dataKb: number;
  description: string;
  amount: string;
  roaming: boolean;
  /** Null until the provider bills the record. */
  invoiceId: bigint | null;
  postedDate: Date | null;
}

/** Newest first unless the caller sorts by another column (any of `USAGE_FIELDS`). */
const DEFAULT_ORDER = 'StartedAt desc';

/** One page of the filtered records, sorted (ties broken by id so pages are stable). */
export const usagePage = (
  db: PortalDb,
  condition: SQL,
  page: { orderby?: string | undefined; skip: number; take: number },
): Promise<UsageRecordRow[]> => {
  // Compiled before the query: a bad orderby answers 400 (FilterError) and nothing runs.
  const orderBy = compileOrderBy(page.orderby?.trim() ? page.orderby : DEFAULT_ORDER, USAGE_FIELDS, { tieBreaker: cdrs.id });
  return db
    .select({
      id: cdrs.id,
      kind: cdrs.kind,
      direction: cdrs.direction,
      startedAt: cdrs.startedAt,
      fromNumber: cdrs.fromNumber,
      toNumber: cdrs.toNumber,
      durationSeconds: cdrs.durationSeconds,
      dataKb: cdrs.dataKb,
      description: cdrs.description,
      amount: cdrs.amount,
      roaming: isRoaming,
      invoiceId: cdrs.invoiceId,
      postedDate: invoices.postedDate,
    })
    .from(cdrs)
    // Records the provider has not billed yet have no invoice: they are listed too.
    .leftJoin(invoices, eq(invoices.id, cdrs.invoiceId))
    .where(condition)
    .orderBy(...orderBy)
    .limit(page.take)
    .offset(page.skip);
};

/** The filtered set grouped by the account's day (in `timeZone`), type and rating class: totals and the daily series come from these. */
export interface UsageGroupRow {
  day: string;
  kind: 'voice' | 'sms' | 'data';
  usageClass: number | null;
  count: number;
  durationSeconds: number;
  dataKb: number;
  /** The rated amounts' sum, exact decimal text. */
  amount: string;
  /** Minutes as calls count against an allowance (each call rounded up to the minute). */
  minutes: number;
  /** MB as data sessions count against an allowance (each rounded up to the MB). */
  mb: number;
}

export const usageGroups = async (db: PortalDb, condition: SQL, timeZone: string): Promise<UsageGroupRow[]> => {
  const { rows } = await db.execute<{
    day: string;
    kind: UsageGroupRow['kind'];
    usage_class: number | null;
    n: string;
    duration: string;
    data: string;
    amount: string;
    minutes: string;
    mb: string;
  }>(sql`
    select to_char(${cdrs.startedAt} at time zone ${timeZone}::text, 'YYYY-MM-DD') as day, ${cdrs.kind} as kind, ${cdrs.usageClass} as usage_class,
      count(*)::text as n, sum(${cdrs.durationSeconds})::text as duration, sum(${cdrs.dataKb})::text as data,
      sum(${cdrs.amount})::text as amount, sum(ceil(${cdrs.durationSeconds} / 60.0))::text as minutes,
      sum(ceil(${cdrs.dataKb} / 1024.0))::text as mb
    from ${cdrs} where ${condition}
    group by 1, 2, 3 order by 1, 2, 3`);
  return rows.map((r) => ({
    day: r.day,
    kind: r.kind,
    usageClass: r.usage_class === null ? null : Number(r.usage_class),
    count: Number(r.n),
    durationSeconds: Number(r.duration),
    dataKb: Number(r.data),
    amount: r.amount,
    minutes: Number(r.minutes),
    mb: Number(r.mb),
  }));
};

/** The plan and allowances the provider set on the account (provider API); null allowances are not counted. */
export type AccountPlanRow = {
  name: string;
  lines: number;
  voiceMinutes: number | null;
  textMessages: number | null;
  dataMb: number | null;
};

export type UsageAccountRow = {
  currency: string;
  language: 'English' | 'French';
  plan: AccountPlanRow | null;
};

export const findUsageAccount = async (db: PortalDb, accountId: bigint): Promise<UsageAccountRow | undefined> => {
  const { rows } = await db.execute<UsageAccountRow>(sql`
    select currency, language,
      case when plan_name is null then null else json_build_object('name', plan_name, 'lines', coalesce(plan_lines, 1),
        'voiceMinutes', plan_voice_minutes, 'textMessages', plan_text_messages, 'dataMb', plan_data_mb) end as plan
    from accounts where id = ${accountId}`);
  return rows[0];
};

export interface OpenPeriodRow {
  invoiceId: bigint;
  startDate: string;
  endDate: string;
}

/** The current unbilled period: the account's Draft invoice (the month being billed), latest first. */
export const findOpenPeriod = async (db: PortalDb, accountId: bigint): Promise<OpenPeriodRow | undefined> => {
  const [row] = await db
    .select({ invoiceId: invoices.id, startDate: invoices.startDate, endDate: invoices.endDate })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.state, 'Draft')))
    .orderBy(sql`${invoices.startDate} desc`, sql`${invoices.id} desc`)
    .limit(1);
  return row;
};

export type PlanLineRow = {
  description: string;
  quantity: string;
  amount: string;
};

/** The Plan line the account was last billed (or is being billed): what it subscribes to and for how many lines. */
export const findPlanLine = async (db: PortalDb, accountId: bigint): Promise<PlanLineRow | undefined> => {
  const { rows } = await db.execute<PlanLineRow>(sql`
    select c.description, c.quantity::text as quantity, c.amount::text as amount from charges c join invoices i on i.id = c.invoice_id
    where c.account_id = ${accountId} and c.category = 'Plan' and i.state in ('Draft', 'Posted')
    order by i.start_date desc, c.id desc limit 1`);
  return rows[0];
};
