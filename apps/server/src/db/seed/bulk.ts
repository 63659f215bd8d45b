/**
 * One transaction on one connection, with COPY for the rows. On PostgreSQL the generated text is
 * streamed through `COPY … FROM STDIN` (pg-copy-streams) and is pulled only as fast as the server
 * takes it, so memory stays flat at any size. PGlite has no COPY stream; it reads `/dev/blob`, so
 * rows are handed over in blobs of a few MB (fine for the demo set and small scale runs).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Database } from '../client';

export interface BulkSession {
  readonly kind: Database['kind'];
  query<T extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Loads COPY text `chunks` (whole lines each) into `table`. */
  copyIn(table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void>;
}

const copyStatement = (table: string, columns: readonly string[], source: string): string =>
  `COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source}`;

const postgresSession = (client: pg.PoolClient): BulkSession => ({
  kind: 'postgres',
  query: async <T extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
    (await client.query<T>(text, [...params])).rows,
  copyIn: async (table, columns, chunks) => {
    const sink = client.query(copyStreams.from(copyStatement(table, columns, 'STDIN')));
    await pipeline(Readable.from(chunks, { objectMode: false, highWaterMark: 1 << 20 }), sink);
  },
});

/** Characters per PGlite COPY: large enough to amortise a statement, small enough for wasm memory. */
const PGLITE_BLOB_CHARS = 8 << 20;

const pgliteSession = (tx: Transaction): BulkSession => {
  const copy = (table: string, columns: readonly string[], parts: string[]) =>
    tx.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob(parts) });
  return {
    kind: 'pglite',
    query: async <T extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
      (await tx.query<T>(text, [...params])).rows,
    copyIn: async (table, columns, chunks) => {
      let parts: string[] = [];
      let size = 0;
      for (const chunk of chunks) {
        parts.push(chunk);
        size += chunk.length;
        if (size >= PGLITE_BLOB_CHARS) {
          await copy(table, columns, parts);
          parts = [];
          size = 0;
        }
      }
      if (parts.length > 0) await copy(table, columns, parts);
    },
  };
};

/** Runs `work` in one transaction: everything it wrote is committed together, or nothing is. */
export const withBulkSession = async <T>(database: Database, work: (session: BulkSession) => Promise<T>): Promise<T> => {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite database without its PGlite instance');
    return database.pglite.transaction((tx) => work(pgliteSession(tx)));
  }
  if (!database.pool) throw new Error('PostgreSQL database without its pool');
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(postgresSession(client));
    await client.query('commit');
    return result;
  } catch (error) {
    // Roll back; a connection that cannot even do that is discarded rather than reused.
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
};
