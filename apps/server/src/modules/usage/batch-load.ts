/**
 * Loading a usage batch (docs/decisions/0019-usage-batches.md), in one transaction: records are read
 * in chunks; each chunk is copied into a temporary staging table (small enough to stay in the
 * session's temp buffers), checked (accounts and invoices named by the provider's ids), and moved
 * into `cdrs` by one INSERT … SELECT that skips record ids loaded before, while the next chunk is
 * being parsed. A bad line anywhere rolls the whole batch back.
 * - PostgreSQL: each chunk is one `COPY … FROM STDIN` (pg-copy-streams) on a connection of the pool.
 * - PGlite: its driver has no COPY FROM STDIN, so each chunk is one COPY from a blob.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { USAGE_BATCH_MAX_REJECTED, type UsageBatchRecord, type UsageBatchResult } from '@portal/contract';
import type { Database } from '../../db/client';

/** The statements of a batch's transaction, on either driver. */
export interface BatchTransaction {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Copies rows (COPY text format) into the staging table. */
  stage(rows: string): Promise<void>;
}

export interface Rejected {
  line: number;
  error: string;
}

// A long batch is one transaction, idle between chunks while a slow client uploads the next one:
// the pool's 15 s statement and idle-in-transaction timeouts are for requests.
const BATCH_TIMEOUT_MS = 30 * 60_000;

export const STAGING_TABLE = `create temp table usage_staging (
  line integer not null, record_id text not null, account_external_id text not null, started_at timestamptz not null,
  kind text not null, direction text not null, from_number text not null, to_number text,
  duration_seconds integer not null, data_kb integer not null, description text not null,
  amount numeric(12, 4) not null, invoice_external_id text, usage_class smallint
) on commit drop`;

// Text format: the rule refuses tabs, line breaks and control characters, so only backslashes need escaping.
const text = (value: string) => (value.includes('\\') ? value.replaceAll('\\', '\\\\') : value);
const nullable = (value: string | null) => (value === null ? '\\N' : text(value));

/** One staged row in COPY's text format. */
export const stagingRow = (line: number, r: UsageBatchRecord): string =>
  `${line}\t${text(r.recordId)}\t${text(r.accountExternalId)}\t${r.startedAt}\t${r.kind}\t${r.direction}\t${r.fromNumber}\t${nullable(r.toNumber)}\t${r.durationSeconds}\t${r.dataKb}\t${text(r.description)}\t${r.amount}\t${nullable(r.invoiceExternalId)}\t${r.usageClass === null ? '\\N' : r.usageClass}\n`;

/** Staged lines whose account or invoice the provider's ids do not name (the invoice must be the account's). */
export const UNRESOLVED = `
  select s.line, case when a.id is null then 'accountExternalId ' || s.account_external_id || ' is not an account'
    else 'invoiceExternalId ' || s.invoice_external_id || ' is not an invoice of account ' || s.account_external_id end as error
  from usage_staging s
  left join accounts a on a.external_id = s.account_external_id
  left join invoices i on i.external_id = s.invoice_external_id
  where a.id is null or (s.invoice_external_id is not null and (i.id is null or i.account_id <> a.id))
  order by s.line limit ${USAGE_BATCH_MAX_REJECTED}`;

/** Staged records into `cdrs` (a record id the account has, or one repeated in the batch, is skipped); the count per account. */
export const LOAD = `
  with loaded as (
    insert into cdrs (invoice_id, account_id, record_id, kind, started_at, from_number, to_number,
      duration_seconds, data_kb, description, amount, usage_class, direction)
    select i.id, a.id, s.record_id, s.kind, s.started_at, s.from_number, s.to_number,
      s.duration_seconds, s.data_kb, s.description, s.amount, s.usage_class, s.direction
    from usage_staging s
    join accounts a on a.external_id = s.account_external_id
    left join invoices i on i.external_id = s.invoice_external_id
    on conflict (account_id, record_id) where record_id is not null do nothing
    returning account_id
  )
  select account_id::text as "accountId", count(*)::integer as loaded from loaded group by account_id`;

/** One audit entry per account that received records, by the client. */
export const AUDIT = `
  insert into audit_log (actor_client_id, account_id, action, entity, entity_id, details)
  select $1::bigint, a.account_id, 'usage.batch_loaded', 'usage_batch', $2::text, jsonb_build_object('loaded', a.n)
  from unnest($3::bigint[], $4::integer[]) as a(account_id, n)`;

export const CLEAR_STAGING = 'truncate usage_staging';

export interface StoredBatch {
  bodyHash: string;
  loaded: number;
  duplicates: number;
}

export const SAVE_BATCH = `insert into usage_batches (id, api_client_id, body_hash, loaded, duplicates) values ($1, $2, $3, $4, $5)
  on conflict (id) do nothing returning id`;

/** Runs `work` in one transaction on a connection of its own; `commit: false` rolls it back. */
export const inBatchTransaction = async <T>(
  database: Database,
  work: (tx: BatchTransaction) => Promise<{ commit: boolean; value: T }>,
): Promise<T> => {
  if (database.pool) {
    // Loaded before a connection is taken, so nothing can fail between taking it and the release below.
    const { default: copyStreams } = await import('pg-copy-streams');
    const client = await database.pool.connect();
    let failure: Error | undefined;
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = ${BATCH_TIMEOUT_MS}; set local idle_in_transaction_session_timeout = ${BATCH_TIMEOUT_MS}`);
      const outcome = await work({
        query: async <R>(statement: string, params?: unknown[]) => ({ rows: (await client.query(statement, params)).rows as R[] }),
        stage: (rows) => pipeline(Readable.from([rows]), client.query(copyStreams.from('copy usage_staging from stdin'))),
      });
      await client.query(outcome.commit ? 'commit' : 'rollback');
      return outcome.value;
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // After a failure the connection may be mid-COPY or mid-transaction: the pool discards it.
      client.release(failure);
    }
  }
  const pglite = database.pglite;
  if (!pglite) throw new Error('No database to load into');
  return pglite.transaction(async (tx) => {
    const outcome = await work({
      query: (statement, params) => tx.query(statement, params),
      stage: async (rows) => void (await tx.query(`copy usage_staging from '/dev/blob'`, [], { blob: new Blob([rows]) })),
    });
    if (!outcome.commit) await tx.rollback();
    return outcome.value;
  });
};

/**
 * Records per chunk: about 1 MB of staging, well within PostgreSQL's default temp_buffers (8 MB), and
 * two chunks (the one loading, the one being parsed) are all the server holds of a batch.
 */
export const CHUNK_RECORDS = 5000;

export interface BatchChunk {
  /** The chunk's valid records in COPY's text format. */
  rows: string;
  records: number;
  /** Its lines the record rule refused. */
  rejected: Rejected[];
}

/** The next chunk of items (null once there are none), each kept to `CHUNK_RECORDS` lines. */
export const readChunk = async (
  items: AsyncIterator<{ line: number; record?: UsageBatchRecord | undefined; error?: string | undefined }>,
  size = CHUNK_RECORDS,
): Promise<BatchChunk | null> => {
  const chunk: BatchChunk = { rows: '', records: 0, rejected: [] };
  for (let n = 0; n < size; n++) {
    const next = await items.next();
    if (next.done) return n === 0 ? null : chunk;
    const item = next.value;
    if (item.record) {
      chunk.records += 1;
      chunk.rows += stagingRow(item.line, item.record);
    } else {
      chunk.rejected.push({ line: item.line, error: item.error ?? 'invalid' });
    }
  }
  return chunk;
};

/** The first bad lines of both checks, in line order. */
export const firstRejected = (a: readonly Rejected[], b: readonly Rejected[]): Rejected[] =>
  [...a, ...b].sort((x, y) => x.line - y.line).slice(0, USAGE_BATCH_MAX_REJECTED);

export const resultOf = (stored: Pick<StoredBatch, 'loaded' | 'duplicates'>): UsageBatchResult => ({
  loaded: stored.loaded,
  duplicates: stored.duplicates,
  rejected: [],
});
