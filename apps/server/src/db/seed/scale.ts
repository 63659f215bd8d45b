/**
 * The benchmark data set (docs/decisions/0009-performance-budgets.md): N more accounts, each with an address, a billing contact,
 * 24 monthly posted invoices with charges and receivables, payments, and 42–50 CDRs per invoice,
 * so 10,000 accounts give 240,000 invoices and over 10 million CDRs. Loaded with COPY in one
 * transaction. On PostgreSQL the secondary indexes and foreign keys of the big tables are dropped
 * for the load and put back (exactly, from the catalogue) before the commit: building an index or
 * checking a key once is much faster than doing it row by row, and the transaction means no one
 * ever sees the tables without them. Scale accounts have no users (Staff and Admin reach them)
 * and pay by hand, so no automatic-payment job wakes up for them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { randomAccountSpec } from './account-spec';
import { customerNoOf } from './build-account';
import { dayOf } from './calendar';
import { withBulkSession, type BulkSession } from './bulk';
import { loadSeedSet, lockSeedTables, type LoadProgress, type LoadResult, type SeedSet } from './load';
import { mixSeed } from './random';
import { CDRS, CHARGES, INVOICES, PAYMENTS, PAYMENT_ASSIGNMENTS, RECEIVABLES, SEED_TABLES, type IdCursor } from './tables';

export const SCALE_POSTED_MONTHS = 24;
export const SCALE_CDRS_PER_INVOICE = [42, 50] as const;
/** Seeds of scale accounts derive from this and the account id: reloading after more data differs. */
const SCALE_SEED = 0x5ca1ab1e;

/** Account i of the scale set: drawn from its id, so the set costs no memory. */
export const scaleSeedSet = (firstIds: IdCursor, today: number, count: number): SeedSet => ({
  accountCount: count,
  users: [],
  account: (index) => {
    const accountId = firstIds.accounts + index;
    return randomAccountSpec({
      key: `scale-${accountId}`,
      seed: mixSeed(SCALE_SEED, accountId),
      today,
      postedMonths: SCALE_POSTED_MONTHS,
      cdrsPerInvoice: SCALE_CDRS_PER_INVOICE,
      maxCards: 1,
      autopayChance: 0,
      cardRef: (n) => `card_seed_${customerNoOf(accountId)}_${n}`,
    });
  },
});

/** The tables with a row or more per invoice: keeping their keys and indexes up to date row by row is most of the load. */
const BULK_TABLES = [CDRS, INVOICES, RECEIVABLES, CHARGES, PAYMENTS, PAYMENT_ASSIGNMENTS].map((t) => t.name);

interface Index {
  name: string;
  definition: string;
  /** A partition's index: the partitioned table's index it is attached to. */
  parent: string | null;
}

/**
 * Drops the secondary indexes of the bulk tables (primary keys and constraint indexes stay) and
 * returns a function that builds them again exactly as they were: names and definitions come from
 * the catalogue (pg_get_indexdef), so they match the migrations whatever they become. One sorted
 * build per index after the load is cheaper than millions of insertions into it. A partitioned
 * table's index comes back `ON ONLY` the parent, then each partition's under its own name, attached
 * (as db/cdr-partitions.ts makes them): rebuilt from the parent alone they would be named anew.
 */
const suspendIndexes = async (session: BulkSession): Promise<() => Promise<void>> => {
  const indexes = await session.query<Index & Record<string, unknown>>(
    `WITH own AS (
       SELECT indexrelid FROM pg_index i
        WHERE indrelid = ANY ($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid))
     SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition, null AS parent, 0 AS level FROM own
     UNION ALL
     SELECT inhrelid::regclass::text, pg_get_indexdef(inhrelid), inhparent::regclass::text, 1 FROM pg_inherits
      WHERE inhparent IN (SELECT indexrelid FROM own)
     ORDER BY level, name`,
    [BULK_TABLES],
  );
  for (const index of indexes) if (index.parent === null) await session.query(`DROP INDEX ${index.name}`);
  return async () => {
    for (const index of indexes) {
      await session.query(index.definition);
      if (index.parent !== null) await session.query(`ALTER INDEX ${index.parent} ATTACH PARTITION ${index.name}`);
    }
  };
};

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Drops the foreign keys of the bulk tables for the load and returns a function that adds them
 * back exactly as they were (names and definitions read from the catalogue). Adding a foreign key
 * validates every row in one join, far faster than a trigger per row; it runs in the same
 * transaction, so a row that breaks a key still fails the whole load.
 */
const suspendForeignKeys = async (session: BulkSession): Promise<() => Promise<void>> => {
  // CDRs have no foreign keys; the other bulk tables have one to three each.
  const keys = await session.query<ForeignKey & Record<string, unknown>>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY ($1::regclass[]) ORDER BY conrelid::regclass::text, conname`,
    [BULK_TABLES],
  );
  for (const key of keys) await session.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`);
  return async () => {
    for (const key of keys) await session.query(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition}`);
  };
};

/**
 * Turns the ledger version triggers (migrations 0013, 0018) off for the load and returns a function that
 * turns them back on. They are deferred to the commit, where millions of queued events would bump
 * versions of accounts this load creates: no instance can have cached an answer for an account that did
 * not exist, so their versions may start absent like every account's before its first write.
 */
const suspendLedgerTriggers = async (session: BulkSession): Promise<() => Promise<void>> => {
  const tables = await session.query<{ table: string } & Record<string, unknown>>(
    `SELECT tgrelid::regclass::text AS table FROM pg_trigger WHERE tgname = 'ledger_changed' AND tgrelid = ANY ($1::regclass[]) ORDER BY 1`,
    [SEED_TABLES.map((t) => t.name)],
  );
  for (const { table } of tables) await session.query(`ALTER TABLE ${table} DISABLE TRIGGER ledger_changed`);
  return async () => {
    for (const { table } of tables) await session.query(`ALTER TABLE ${table} ENABLE TRIGGER ledger_changed`);
  };
};

export interface ScaleOptions {
  accounts: number;
  now?: Date | undefined;
  onProgress?: ((progress: LoadProgress) => void) | undefined;
}

export interface ScaleResult extends LoadResult {
  /** Time spent on VACUUM ANALYZE (PostgreSQL) or ANALYZE (PGlite) after the commit. */
  analyzeSeconds: number;
}

export const seedScale = async (database: Database, options: ScaleOptions): Promise<ScaleResult> => {
  if (!Number.isSafeInteger(options.accounts) || options.accounts < 1)
    throw new RangeError('accounts must be a positive integer');
  const now = options.now ?? new Date();
  const today = dayOf(now);
  const load = await withBulkSession(database, async (session) => {
    await lockSeedTables(session);
    const postgres = session.kind === 'postgres';
    // A bigger sort budget for the index build of this transaction only.
    if (postgres) await session.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    const restoreIndexes = postgres ? await suspendIndexes(session) : null;
    const restoreForeignKeys = postgres ? await suspendForeignKeys(session) : null;
    const restoreLedgerTriggers = await suspendLedgerTriggers(session);
    const result = await loadSeedSet(session, (firstIds) => scaleSeedSet(firstIds, today, options.accounts), {
      now,
      onProgress: options.onProgress,
    });
    const timed = async (label: string, work: () => Promise<void>) => {
      const started = performance.now();
      await work();
      options.onProgress?.({ table: label, rows: 0, seconds: (performance.now() - started) / 1000, done: true });
    };
    if (restoreIndexes) await timed('indexes (build)', restoreIndexes);
    if (restoreForeignKeys) await timed('foreign keys (validate)', restoreForeignKeys);
    await restoreLedgerTriggers();
    return result;
  });
  // Fresh statistics for the planner; on PostgreSQL also the visibility map and hint bits, so the
  // benchmarks that follow measure queries rather than the first reads' clean-up writes.
  const started = performance.now();
  const tables = SEED_TABLES.map((t) => t.name).join(', ');
  await database.db.execute(sql.raw(database.kind === 'postgres' ? `VACUUM (ANALYZE) ${tables}` : `ANALYZE ${tables}`));
  const analyzeSeconds = (performance.now() - started) / 1000;
  options.onProgress?.({
    table: database.kind === 'postgres' ? 'vacuum analyze' : 'analyze',
    rows: 0,
    seconds: analyzeSeconds,
    done: true,
  });
  return { ...load, analyzeSeconds };
};
