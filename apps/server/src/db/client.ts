import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

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
  /** Raw pg pool (PostgreSQL only): for COPY streams. */
  pool: pg.Pool | null;
  /** The embedded database (PGlite only). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const INT8 = 20;
const DATE = 1082;

// int8 → bigint (64-bit ids), date → 'YYYY-MM-DD'; numeric stays a string (exact money).
pg.types.setTypeParser(INT8, (v) => BigInt(v));
pg.types.setTypeParser(DATE, (v) => v);

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** Load a PGlite snapshot (from `dumpDataDir`) instead of starting empty. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number | undefined;
}

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as PortalDb;
    return { db, kind: 'postgres', pool, pglite: null, close: () => pool.end() };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: (v: string) => BigInt(v), [pgliteTypes.DATE]: (v: string) => v },
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as PortalDb;
  return { db, kind: 'pglite', pool: null, pglite, close: () => pglite.close() };
};

export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
};
