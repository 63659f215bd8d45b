/**
 * Loading a usage batch (docs/decisions/0019-usage-batches.md, 0024-usage-batches-copied-into-cdrs.md),
 * in one transaction: records are read in chunks; each chunk's accounts and invoices (the provider's ids)
 * are resolved by one query for the ids not met before, the record ids its accounts already have are
 * found by one query, and the rest are copied straight into `cdrs` by one COPY while the next chunk is
 * being parsed. A bad line anywhere rolls the whole batch back.
 * - PostgreSQL: each chunk is one `COPY … FROM STDIN` (pg-copy-streams) on a connection of the pool.
 * - PGlite: its driver has no COPY FROM STDIN, so each chunk is one COPY from a blob.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { USAGE_BATCH_MAX_REJECTED, type UsageBatchResult } from '@portal/contract';
import type { Database, PortalDb } from '../../db/client';
import { isRecordIndex } from '../../db/cdr-partitions';
import * as schema from '../../db/schema';
import { RowWriter, type BatchChunk, type Rejected } from './batch-chunk';

/** The statements of a batch's transaction, on either driver. */
export interface BatchTransaction {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Copies rows (COPY text format, the columns of `CDR_COLUMNS`) into `cdrs` under a savepoint: false
   * (the savepoint rolled back, the transaction usable again) when the unique index refuses a record id.
   */
  copyRecords(rows: Buffer): Promise<boolean>;
  /** The same transaction through Drizzle (for `recordEvent`). */
  db: PortalDb;
}

// A long batch is one transaction, idle between chunks while a slow client uploads the next one:
// the pool's 15 s statement and idle-in-transaction timeouts are for requests.
const BATCH_TIMEOUT_MS = 30 * 60_000;

const CDR_COLUMNS =
  'account_id, invoice_id, record_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount, usage_class, direction';

/** Accounts by the provider's ids. */
const ACCOUNTS_NAMED = `select external_id as "externalId", id::text as id from accounts where external_id = any($1::text[])`;
/** Invoices by the provider's ids, with their account. */
const INVOICES_NAMED = `select external_id as "externalId", id::text as id, account_id::text as "accountId" from invoices where external_id = any($1::text[])`;
/**
 * The positions (from 1) of the records whose record id and start (to the millisecond the chunk keeps) the
 * account already has: the unique index's key (docs/decisions/0032-partitioned-call-records.md). Probed in the index's order: neighbouring
 * probes land on the same pages (a third less CPU than in line order).
 */
const KNOWN_RECORDS = `
  select t.i::integer as i
  from (select account_id, record_id, 'epoch'::timestamptz + started_ms * interval '1 millisecond' as started_at, i
    from unnest($1::bigint[], $2::text[], $3::bigint[]) with ordinality as u(account_id, record_id, started_ms, i) order by account_id, record_id) t
  where exists (select from cdrs c where c.account_id = t.account_id and c.record_id = t.record_id
    and c.started_at >= t.started_at and c.started_at < t.started_at + interval '1 millisecond')`;

/** One audit entry per account that received records, by the client. */
export const AUDIT = `
  insert into audit_log (actor_client_id, account_id, action, entity, entity_id, details)
  select $1::bigint, a.account_id, 'usage.batch_loaded', 'usage_batch', $2::text, jsonb_build_object('loaded', a.n)
  from unnest($3::bigint[], $4::integer[]) as a(account_id, n)`;

export interface StoredBatch {
  bodyHash: string;
  loaded: number;
  duplicates: number;
}

export const SAVE_BATCH = `insert into usage_batches (id, api_client_id, body_hash, loaded, duplicates) values ($1, $2, $3, $4, $5)
  on conflict (id) do nothing returning id`;

/** The unique index refused a record id the account already has. */
export const isRecordCollision = (error: unknown) => (error as { code?: string }).code === '23505' && isRecordIndex((error as { constraint?: string }).constraint);

// A chunk's COPY runs under a savepoint, so that a record id the unique index refuses costs the chunk's
// COPY, not the batch (docs/decisions/0024-usage-batches-copied-into-cdrs.md).
const SAVEPOINT = 'savepoint usage_chunk';
const ROLLBACK_TO_SAVEPOINT = 'rollback to savepoint usage_chunk';

/** The refusal of a COPY by the unique index as false (its savepoint rolled back), any other failure thrown. */
const refused = async (copy: Promise<unknown>, rollback: () => Promise<unknown>): Promise<boolean> => {
  try {
    await copy;
    return true;
  } catch (error) {
    if (!isRecordCollision(error)) throw error;
    await rollback();
    return false;
  }
};

/** Runs `work` in one transaction on a connection of its own; `commit: false` rolls it back. */
export const inBatchTransaction = async <T>(
  database: Database,
  work: (tx: BatchTransaction) => Promise<{ commit: boolean; value: T }>,
): Promise<T> => {
  if (database.pool) {
    // Loaded before a connection is taken, so nothing can fail between taking it and the release below.
    const [{ default: copyStreams }, { drizzle }] = await Promise.all([import('pg-copy-streams'), import('drizzle-orm/node-postgres')]);
    const client = await database.pool.connect();
    let failure: Error | undefined;
    let savepoint = false;
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = ${BATCH_TIMEOUT_MS}; set local idle_in_transaction_session_timeout = ${BATCH_TIMEOUT_MS}`);
      const outcome = await work({
        query: async <R>(statement: string, params?: unknown[]) => ({ rows: (await client.query(statement, params)).rows as R[] }),
        copyRecords: (rows) => {
          // One round trip a chunk: the savepoint of the chunk before is released, and this chunk's taken, by the COPY's own query.
          const statement = `${savepoint ? 'release savepoint usage_chunk; ' : ''}${SAVEPOINT}; copy cdrs (${CDR_COLUMNS}) from stdin`;
          savepoint = true;
          return refused(pipeline(Readable.from([rows]), client.query(copyStreams.from(statement))), () => client.query(ROLLBACK_TO_SAVEPOINT));
        },
        db: drizzle(client, { schema }) as unknown as PortalDb,
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
  const { drizzle } = await import('drizzle-orm/pglite');
  return pglite.transaction(async (tx) => {
    const outcome = await work({
      query: (statement, params) => tx.query(statement, params),
      copyRecords: async (rows) => {
        await tx.query(SAVEPOINT);
        const copied = await refused(tx.query(`copy cdrs (${CDR_COLUMNS}) from '/dev/blob'`, [], { blob: new Blob([rows]) }), () => tx.query(ROLLBACK_TO_SAVEPOINT));
        if (copied) await tx.query('release savepoint usage_chunk');
        return copied;
      },
      // Drizzle's PGlite session only runs `query` on its client, which a transaction has.
      db: drizzle(tx as unknown as PGlite, { schema }) as unknown as PortalDb,
    });
    if (!outcome.commit) await tx.rollback();
    return outcome.value;
  });
};

/** A chunk's record ids. */
const recordIdsOf = (chunk: BatchChunk): string[] => {
  const recordIds: string[] = [];
  const text = chunk.refs.toString('utf8');
  let start = 0;
  for (let i = 0; i < chunk.records; i++) {
    const b = text.indexOf('\t', text.indexOf('\t', start) + 1);
    const end = text.indexOf('\n', b + 1);
    recordIds.push(text.slice(b + 1, end));
    start = end + 1;
  }
  return recordIds;
};

/** One account's share of a batch: its own counts, and its earliest and latest record. */
export interface AccountTally {
  loaded: number;
  duplicates: number;
  from: number;
  to: number;
}

interface Invoice {
  id: string;
  accountId: string;
}

/** COPYs of one chunk the unique index may refuse before the batch gives up (409). */
const COPY_ATTEMPTS = 3;

/** Other transactions kept committing record ids of a chunk between its lookups and its COPYs. */
export class RecordsRaced extends Error {
  constructor() {
    super('usage batch records raced by other transactions');
  }
}

const TAB = 0x09;
const NEWLINE = 0x0a;
const NO_INVOICE = Buffer.from('\\N\t', 'latin1');

/** Provider ids remembered per batch, up to this many of each kind (a chunk names at most `CHUNK_RECORDS`). */
const IDS_REMEMBERED = 50_000;

/** Resolves and loads the chunks of one batch, counting per account. */
export class ChunkLoader {
  private readonly accounts = new Map<string, string | null>();
  private readonly invoices = new Map<string, Invoice | null>();
  /** By account id. */
  readonly tallies = new Map<string, AccountTally>();
  /** A chunk's rows as copied; free again once the COPY is done. */
  private readonly rows = new RowWriter();
  /** Whether the last chunk had duplicates: the next one is looked up before its COPY. */
  private probeFirst = false;
  /** Each record's account id and invoice id, chunk after chunk (see `resolve`). */
  private readonly accountIds: string[] = [];
  private readonly invoiceIds: (string | null)[] = [];
  /** By account and invoice id (decimal digits). */
  private readonly columns = new Map<string, Buffer>();

  constructor(private readonly tx: BatchTransaction) {}

  /**
   * Each record's account id and invoice id (the ids this loader keeps, not strings of the chunk's own),
   * or the lines naming an account or invoice that does not exist (or not the account's). The arrays are
   * the loader's own, rewritten by the next chunk's `resolve`: a chunk's worth of them made anew and held
   * through its COPY would outlive the young generation every chunk.
   */
  async resolve(chunk: BatchChunk): Promise<{ accountIds: string[]; invoiceIds: (string | null)[]; unresolved: Rejected[] }> {
    for (;;) {
      const unresolved: Rejected[] = [];
      const missing = this.lookUp(chunk, unresolved);
      if (!missing) return { accountIds: this.accountIds, invoiceIds: this.invoiceIds, unresolved };
      await this.remember(this.accounts, missing.accounts, ACCOUNTS_NAMED, (row: { externalId: string; id: string }) => row.id);
      await this.remember(this.invoices, missing.invoices, INVOICES_NAMED, (row: { externalId: string } & Invoice) => ({ id: row.id, accountId: row.accountId }));
    }
  }

  /**
   * Fills `accountIds` and `invoiceIds` from the ids known, and `unresolved`; the provider ids not known
   * yet, or null when every one is. Each ref is a string only for its lookup: none is kept.
   */
  private lookUp(chunk: BatchChunk, unresolved: Rejected[]): { accounts: Set<string>; invoices: Set<string> } | null {
    const { refs } = chunk;
    let missing: { accounts: Set<string>; invoices: Set<string> } | null = null;
    let start = 0;
    for (let i = 0; i < chunk.records; i++) {
      const a = refs.indexOf(TAB, start);
      const b = refs.indexOf(TAB, a + 1);
      const end = refs.indexOf(NEWLINE, b + 1);
      const accountRef = refs.toString('utf8', start, a);
      const invoiceRef = b === a + 1 ? null : refs.toString('utf8', a + 1, b);
      start = end + 1;
      const accountId = this.accounts.get(accountRef);
      const invoice = invoiceRef === null ? null : this.invoices.get(invoiceRef);
      if (accountId === undefined || invoice === undefined) {
        missing ??= { accounts: new Set(), invoices: new Set() };
        if (accountId === undefined) missing.accounts.add(accountRef);
        if (invoice === undefined) missing.invoices.add(invoiceRef!);
        continue;
      }
      this.accountIds[i] = accountId ?? '0';
      this.invoiceIds[i] = invoice?.id ?? null;
      if (missing || unresolved.length >= USAGE_BATCH_MAX_REJECTED) continue;
      if (accountId === null) unresolved.push({ line: chunk.lines[i]!, error: `accountExternalId ${accountRef} is not an account` });
      else if (invoiceRef !== null && invoice?.accountId !== accountId)
        unresolved.push({ line: chunk.lines[i]!, error: `invoiceExternalId ${invoiceRef} is not an invoice of account ${accountRef}` });
    }
    return missing;
  }

  /**
   * Copies the chunk's records into `cdrs`, but those whose record id the account has (or had earlier in
   * the batch). Most batches bring only new record ids, which the unique index checks on the COPY anyway:
   * a chunk is looked up first only after a chunk that had duplicates, otherwise only once the index
   * refuses its COPY. Refused again after the lookup, by a record id another transaction committed since,
   * it is looked up again, up to `COPY_ATTEMPTS` times.
   */
  async load(chunk: BatchChunk, accountIds: readonly string[], invoiceIds: readonly (string | null)[]): Promise<void> {
    let duplicate = this.probeFirst ? await this.duplicatesOf(chunk, accountIds) : null;
    for (let attempt = 1; !(await this.copy(chunk, accountIds, invoiceIds, duplicate)); attempt++) {
      if (attempt >= COPY_ATTEMPTS) throw new RecordsRaced();
      duplicate = await this.duplicatesOf(chunk, accountIds);
    }
    this.probeFirst = duplicate?.includes(1) ?? false;
    for (let i = 0; i < chunk.records; i++) {
      const accountId = accountIds[i]!;
      const started = chunk.startedAt[i]!;
      let tally = this.tallies.get(accountId);
      if (!tally) this.tallies.set(accountId, (tally = { loaded: 0, duplicates: 0, from: started, to: started }));
      if (started < tally.from) tally.from = started;
      if (started > tally.to) tally.to = started;
      if (duplicate?.[i]) tally.duplicates += 1;
      else tally.loaded += 1;
    }
  }

  /** Copies the chunk's records but the duplicates (all when none are known); false when the unique index refused one. */
  private async copy(chunk: BatchChunk, accountIds: readonly string[], invoiceIds: readonly (string | null)[], duplicate: Uint8Array | null): Promise<boolean> {
    const rows = this.rows;
    rows.reset();
    for (let i = 0; i < chunk.records; i++) {
      if (duplicate?.[i]) continue;
      const invoiceId = invoiceIds[i]!;
      rows.put(this.columnOf(accountIds[i]!));
      rows.put(invoiceId === null ? NO_INVOICE : this.columnOf(invoiceId));
      rows.copy(chunk.tails, i === 0 ? 0 : chunk.ends[i - 1]!, chunk.ends[i]!);
    }
    return rows.length === 0 || this.tx.copyRecords(rows.bytes());
  }

  /** An id as a column of the rows, with its tab: made once per id, not once per record. */
  private columnOf(id: string): Buffer {
    let column = this.columns.get(id);
    if (!column) {
      if (this.columns.size >= 2 * IDS_REMEMBERED) this.columns.clear();
      this.columns.set(id, (column = Buffer.from(`${id}\t`, 'latin1')));
    }
    return column;
  }

  /** Marks the chunk's records whose record id the account already has, or that repeat one earlier in the chunk. */
  private async duplicatesOf(chunk: BatchChunk, accountIds: readonly string[]): Promise<Uint8Array> {
    const duplicate = new Uint8Array(chunk.records);
    // Only the query's parameters outlive this statement: the chunk's strings die young.
    const known = this.tx.query<{ i: number }>(KNOWN_RECORDS, [
      accountIds.slice(0, chunk.records),
      this.firstOfEachRecord(chunk, accountIds, duplicate),
      Array.from(chunk.startedAt),
    ]);
    for (const { i } of (await known).rows) duplicate[i - 1] = 1;
    return duplicate;
  }

  /** The chunk's record ids; a record id and start repeated within the chunk is marked a duplicate after its first record. */
  private firstOfEachRecord(chunk: BatchChunk, accountIds: readonly string[], duplicate: Uint8Array): string[] {
    const recordIds = recordIdsOf(chunk);
    const seen = new Set<string>();
    for (let i = 0; i < chunk.records; i++) {
      const key = `${accountIds[i]!}\t${recordIds[i]!}\t${chunk.startedAt[i]!}`;
      if (seen.has(key)) duplicate[i] = 1;
      else seen.add(key);
    }
    return recordIds;
  }

  private async remember<V, R extends { externalId: string }>(
    known: Map<string, V | null>,
    missing: ReadonlySet<string>,
    statement: string,
    valueOf: (row: R) => V,
  ): Promise<void> {
    if (missing.size === 0) return;
    // Past the limit the ids are forgotten: `resolve` looks the chunk up again, asking for the rest.
    if (known.size + missing.size > IDS_REMEMBERED) known.clear();
    for (const ref of missing) known.set(ref, null);
    const { rows } = await this.tx.query<R>(statement, [[...missing]]);
    for (const row of rows) known.set(row.externalId, valueOf(row));
  }
}

/** The first bad lines of both checks, in line order. */
export const firstRejected = (a: readonly Rejected[], b: readonly Rejected[]): Rejected[] =>
  [...a, ...b].sort((x, y) => x.line - y.line).slice(0, USAGE_BATCH_MAX_REJECTED);

export const resultOf = (stored: Pick<StoredBatch, 'loaded' | 'duplicates'>): UsageBatchResult => ({
  loaded: stored.loaded,
  duplicates: stored.duplicates,
  rejected: [],
});
