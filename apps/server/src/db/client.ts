import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema';
import { createStatementNamer, nameStatementsOf } from './statement-names';
import { createReplicaSet, type ReplicaSet } from './replicas';

export type Schema = typeof schema;

/** Both drivers answer raw queries as `{ rows }`. */
export interface QueryRows<TRow> {
  rows: TRow[];
}
export interface PortalQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
/** Drizzle over either driver: repositories never know which one runs. */
export type PortalDb = PgDatabase<PortalQueryResultHKT, Schema>;

export interface Database {
  db: PortalDb;
  kind: 'pglite' | 'postgres';
  /** The pool every request and job uses (PostgreSQL only). */
  pool: pg.Pool | null;
  /**
   * A small pool of its own for streamed exports (PostgreSQL only), so clients that download
   * slowly can never take the connections sign-in and billing calls need.
   */
  exportPool: pg.Pool | null;
  /** The embedded database (PGlite only). */
  pglite: PGlite | null;
  /** Streaming replicas reads may go to (PostgreSQL with DATABASE_REPLICA_URLS only). */
  replicas: ReplicaSet | null;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const INT8 = 20;
const DATE = 1082;

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** Load a PGlite snapshot (from `dumpDataDir`) instead of starting empty. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number | undefined;
  /** Connections of the export pool (default: a quarter of poolSize, at least 1). */
  exportPoolSize?: number | undefined;
  /** How long a request waits for a free connection before `PoolExhaustedError` (default 3 s). */
  acquireTimeoutMs?: number | undefined;
  /** Longest statement, and longest idle open transaction, on the main pool (default 15 s). */
  statementTimeoutMs?: number | undefined;
  /** Longest statement on the export pool (default 10 min: a whole export is one COPY). */
  exportStatementTimeoutMs?: number | undefined;
  /** Streaming replicas of `url` (PostgreSQL only): docs/decisions/0029-reads-from-replicas.md. */
  replicaUrls?: readonly string[] | undefined;
  /** A replica further behind than this is skipped (default 5 s). */
  replicaMaxLagSeconds?: number | undefined;
  /** How often the replicas' replay is checked (default 1 s). */
  replicaCheckMs?: number | undefined;
  /** Where errors of idle pooled connections go (a dropped connection must not stop the process). */
  onIdleError?: ((error: Error) => void) | undefined;
}

/** No connection became free in time: the caller is told to retry (503), nothing hangs. */
export class PoolExhaustedError extends Error {
  override readonly name = 'PoolExhaustedError';
  constructor(cause: unknown) {
    super('The database is busy.', { cause });
  }
}

// pg-pool's message when connectionTimeoutMillis passes while waiting for a connection.
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** Whether an error (or one it wraps, e.g. drizzle's query error) is a pool acquisition timeout. */
export const isPoolExhausted = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof PoolExhaustedError || e.message === ACQUIRE_TIMEOUT_MESSAGE) return true;
  }
  return false;
};

const createPool = (Pool: typeof pg.Pool, url: string, max: number, options: DatabaseOptions, statementTimeoutMs: number): pg.Pool => {
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 3_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs ?? 15_000,
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  const nameOf = createStatementNamer();
  pool.on('connect', (client) => nameStatementsOf(client, nameOf));
  return pool;
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.url) {
    // Each driver is loaded only when used, so an instance never holds the other's code in memory.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    // int8 → bigint (64-bit ids), date → 'YYYY-MM-DD'; numeric stays a string (exact money).
    pg.types.setTypeParser(INT8, (v) => BigInt(v));
    pg.types.setTypeParser(DATE, (v) => v);
    const poolSize = options.poolSize ?? 20;
    const pool = createPool(pg.Pool, options.url, poolSize, options, options.statementTimeoutMs ?? 15_000);
    const exportPool = createPool(
      pg.Pool,
      options.url,
      options.exportPoolSize ?? Math.max(1, Math.floor(poolSize / 4)),
      options,
      options.exportStatementTimeoutMs ?? 10 * 60_000,
    );
    const db = drizzlePg(pool, { schema }) as unknown as PortalDb;
    const replicaUrls = options.replicaUrls ?? [];
    const replicas = replicaUrls.length
      ? createReplicaSet({
          primary: pool,
          replicas: replicaUrls.map((url) => {
            const replicaPool = createPool(pg.Pool, url, poolSize, options, options.statementTimeoutMs ?? 15_000);
            return {
              pool: replicaPool,
              exportPool: createPool(pg.Pool, url, exportPool.options.max, options, options.exportStatementTimeoutMs ?? 10 * 60_000),
              db: drizzlePg(replicaPool, { schema }) as unknown as PortalDb,
            };
          }),
          maxLagSeconds: options.replicaMaxLagSeconds ?? 5,
          checkMs: options.replicaCheckMs,
        })
      : null;
    return {
      db,
      kind: 'postgres',
      pool,
      exportPool,
      pglite: null,
      replicas,
      close: async () => {
        await replicas?.close();
        await Promise.all([pool.end(), exportPool.end()]);
      },
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const [{ PGlite: EmbeddedDatabase, types: pgliteTypes }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const pglite = await EmbeddedDatabase.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: (v: string) => BigInt(v), [pgliteTypes.DATE]: (v: string) => v },
    // Search's trigram indexes (migration 0008), as on PostgreSQL.
    extensions: { pg_trgm },
    // PostgreSQL's shared buffers live in the server's own memory here and are never given back, while
    // the pages they hold stay in the system's file cache and most answers are cached above the database;
    // its shared memory is also sized for max_connections backends, while PGlite is one (bench: startup).
    startParams: [...EmbeddedDatabase.defaultStartParams, '-c', 'shared_buffers=2MB', '-c', 'max_connections=5'],
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as PortalDb;
  return { db, kind: 'pglite', pool: null, exportPool: null, pglite, replicas: null, close: () => pglite.close() };
};

export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.kind === 'postgres') {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
  }
};
