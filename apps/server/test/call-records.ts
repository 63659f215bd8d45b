/** Call records of an installation before the partitioned table, and what must survive their conversion. */
import { sql } from 'drizzle-orm';
import type { PortalDb } from '../src/db/client';

/**
 * Fills the old `cdrs` with `n` records from `firstId` on, spread over 30 months from January 2024, some
 * billed, some loaded by the provider (record ids), some unbilled.
 */
export const fillOldCallRecords = async (db: PortalDb, n: number, firstId = 1): Promise<void> => {
  await db.execute(sql`
    insert into cdrs (id, invoice_id, account_id, record_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount, usage_class, direction)
    select i, case when i % 3 = 0 then null else 100 + i % 7 end, 1 + i % 5, case when i % 2 = 0 then 'R-' || i end,
      (array['voice', 'sms', 'data'])[1 + i % 3], timestamptz '2024-01-01T00:00:00Z' + (i % 900) * interval '1 day' + (i % 86400) * interval '1 second',
      '+14165550100', case when i % 3 = 2 then null else '+14165550199' end, i % 600, i % 2048, 'Record ' || i,
      ((i % 997) / 100.0)::numeric(12, 4) + 0.0001 * (i % 10), case when i % 4 = 0 then null else i % 8 end, case when i % 5 = 0 then 'incoming' else 'outgoing' end
    from generate_series(${firstId}::bigint, ${firstId + n - 1}::bigint) as i`);
  await db.execute(sql`select setval('cdrs_id_seq', (select max(id) from cdrs))`);
};

export interface CallRecordsDigest extends Record<string, unknown> {
  records: string;
  amount: string;
  seconds: string;
  kilobytes: string;
  /** every column of every record, in id order */
  md5: string;
}

/** Counts, sums and a digest of every record, to compare before and after a conversion. */
export const callRecordsDigest = async (db: PortalDb): Promise<CallRecordsDigest> =>
  (
    await db.execute<CallRecordsDigest>(sql`
      select count(*)::text as records, coalesce(sum(amount), 0)::text as amount, coalesce(sum(duration_seconds), 0)::text as seconds,
        coalesce(sum(data_kb), 0)::text as kilobytes,
        md5(coalesce(string_agg(concat_ws('|', id, invoice_id, account_id, record_id, kind, started_at, from_number, to_number, duration_seconds,
          data_kb, description, amount, usage_class, direction), ',' order by id), '')) as md5
      from cdrs`)
  ).rows[0]!;
