/**
 * The monthly partitions of `cdrs` (docs/decisions/0032-partitioned-call-records.md): one per UTC month of
 * `started_at`, named `cdrs_YYYY_MM`, with the indexes the parent declares under names of their own (a
 * usage batch recognises the duplicate check's refusal by its name), and a default partition for what
 * arrives before its month's partition exists.
 */
import { sql } from 'drizzle-orm';
import type { PortalDb } from './client';

export const DEFAULT_PARTITION = 'cdrs_default';

/** The first instant (UTC) of the month `months` after the one `at` is in. */
export const monthStart = (at: Date, months = 0): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));

/** `cdrs_2026_12` for December 2026. */
export const partitionName = (month: Date): string => `cdrs_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** The month a partition's name says, or null for a table that is not a monthly partition. */
export const monthOfPartition = (name: string): Date | null => {
  const found = /^cdrs_(\d{4})_(\d{2})$/.exec(name);
  return found ? new Date(Date.UTC(Number(found[1]), Number(found[2]) - 1, 1)) : null;
};

/** The months from the one `now` is in to `ahead` months after it. */
export const monthsAhead = (now: Date, ahead: number): Date[] => Array.from({ length: ahead + 1 }, (_, i) => monthStart(now, i));

/** Whether a refusal by a unique index was the duplicate check of call records, on whichever partition. */
export const isRecordIndex = (constraint: string | undefined): boolean => constraint !== undefined && /^cdrs(_\w+)?_account_record_idx$/.test(constraint);

/**
 * The statements that make the table `name`, to be attached to `parent`: made outside the partitioned
 * table and attached after, which locks the parent only against other schema changes (SHARE UPDATE
 * EXCLUSIVE), not against reads and writes of records; only the default partition, which the attach
 * scans (empty but for strays), is locked whole for that moment.
 */
const partitionStatements = (parent: string, name: string): string[] => [
  `create table ${name} (like ${parent} including defaults including constraints)`,
  `alter table ${name} add constraint ${name}_pkey primary key (id, started_at)`,
  `create index ${name}_invoice_idx on ${name} (invoice_id, id)`,
  `create index ${name}_account_started_idx on ${name} (account_id, started_at, id)`,
  `create unique index ${name}_account_record_idx on ${name} (account_id, record_id, started_at) where record_id is not null`,
];

const attachStatement = (parent: string, name: string, bounds: { from: Date; until: Date }) =>
  `alter table ${parent} attach partition ${name} for values from ('${bounds.from.toISOString()}') to ('${bounds.until.toISOString()}')`;

const exec = (db: PortalDb, statement: string) => db.execute(sql.raw(statement));

/** The names of `parent`'s partitions. */
export const partitionsOf = async (db: PortalDb, parent = 'cdrs'): Promise<string[]> => {
  const { rows } = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${parent}) order by c.relname`,
  );
  return rows.map((r) => r.name);
};

/** Whether `cdrs` is the partitioned table yet (an installation converting still has the old one). */
export const cdrsPartitioned = async (db: PortalDb): Promise<boolean> => {
  const { rows } = await db.execute<{ kind: string }>(sql`select relkind::text as kind from pg_class where oid = to_regclass('cdrs')`);
  return rows[0]?.kind === 'p';
};

/**
 * Makes the partition of `month` of `parent` if it has none, inside the caller's transaction, moving
 * there any records of that month the default partition holds (attaching would fail otherwise).
 * Answers whether it made one.
 */
export const createMonthPartition = async (db: PortalDb, month: Date, parent = 'cdrs'): Promise<boolean> => {
  const name = partitionName(month);
  const { rows } = await db.execute<{ present: boolean }>(sql`select to_regclass(${name}) is not null as present`);
  if (rows[0]?.present) return false;
  const bounds = { from: month, until: monthStart(month, 1) };
  for (const statement of partitionStatements(parent, name)) await exec(db, statement);
  await db.execute(
    sql.raw(`with moved as (delete from ${DEFAULT_PARTITION} where started_at >= '${bounds.from.toISOString()}' and started_at < '${bounds.until.toISOString()}' returning *)
      insert into ${name} select * from moved`),
  );
  await exec(db, attachStatement(parent, name, bounds));
  return true;
};

/** The months whose records wait in the default partition. */
export const monthsInDefault = async (db: PortalDb): Promise<Date[]> => {
  const { rows } = await db.execute<{ month: string }>(
    sql.raw(`select distinct to_char(started_at at time zone 'UTC', 'YYYY-MM') as month from ${DEFAULT_PARTITION} order by 1`),
  );
  return rows.map((r) => new Date(`${r.month}-01T00:00:00Z`));
};

const LOCK_NOT_AVAILABLE = '55P03';

/** An error's SQLSTATE, also when drizzle wraps the driver's error. */
export const sqlStateOf = (error: unknown): string | undefined => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

/**
 * Runs a schema change of the partitions in a transaction that waits at most 2 s for each lock, so a
 * long reader or batch never queues every other query behind it: null when a lock was busy (the job
 * tries again on its next run).
 */
export const withShortLocks = async <T>(db: PortalDb, work: (tx: PortalDb) => Promise<T>): Promise<T | null> =>
  db
    .transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      return work(tx as unknown as PortalDb);
    })
    .catch((error: unknown) => {
      if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) return null;
      throw error;
    });

/**
 * The partitions job: every month from this one to `ahead` months on gets its partition before its first
 * record can arrive, and records the default partition caught move into their own month's. Each month
 * is one short transaction; a month whose locks are busy is left for the next run. Answers the
 * partitions made.
 */
export const prepareCdrPartitions = async (db: PortalDb, now: Date, ahead = 3): Promise<string[]> => {
  if (!(await cdrsPartitioned(db))) return [];
  const months = [...(await monthsInDefault(db)), ...monthsAhead(now, ahead)];
  const made: string[] = [];
  for (const month of months) if (await withShortLocks(db, (tx) => createMonthPartition(tx, month))) made.push(partitionName(month));
  return made;
};
