/**
 * Which database a request reads from (docs/decisions/0029-reads-from-replicas.md). Rows marked
 * `reads: 'replica'` are served by a streaming replica that has replayed past the caller's own last write;
 * every write of a signed-in person or API client records where the primary's WAL then stood, in a row
 * every instance reads, before its answer leaves. Without replicas (PGlite, or none configured) nothing
 * here runs a query and every read is the primary's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Replica } from '../db/replicas';
import { replicaFallbacks, replicaReads } from '../lib/metrics';
import type { Deps } from './deps';

declare module 'fastify' {
  interface FastifyRequest {
    /** The replica this request reads from; null: the primary. */
    readReplica: Replica | null;
    /** Whether a database was chosen for its reads (a cached answer still current needs none). */
    readChosen: boolean;
  }
}

/** Whose writes a read must see: a person (whichever of their sessions wrote) or an API client. */
const writerOf = (request: FastifyRequest): string | null =>
  request.caller ? `u${request.caller.userId}` : request.client ? `c${request.client.apiClientId}` : null;

const replicaDatabases = new WeakMap<Replica, Database>();
/** A replica seen as a Database (what services hand exports' pools from); never closed through it. */
const databaseOf = (replica: Replica): Database => {
  let database = replicaDatabases.get(replica);
  if (!database) {
    database = { db: replica.db, kind: 'postgres', pool: replica.pool, exportPool: replica.exportPool, pglite: null, replicas: null, close: async () => undefined };
    replicaDatabases.set(replica, database);
  }
  return database;
};

/** The dependencies a read of this request uses: the chosen replica's database, or `deps` as they are. */
export const readDepsOf = <D extends Pick<Deps, 'db' | 'database'>>(request: FastifyRequest, deps: D): D => {
  const replica = request.readReplica;
  if (!replica) return deps;
  return { ...deps, db: replica.db, database: databaseOf(replica) };
};

/**
 * Chooses the replica a `reads: 'replica'` row is served by: before the handler (the caller is known by
 * then), or for a cached row only when its answer must be read afresh.
 */
export const chooseReadReplica = async (app: FastifyInstance, request: FastifyRequest): Promise<void> => {
  const replicas = app.database.replicas;
  if (!replicas) return;
  request.readChosen = true;
  // Nothing worth the lookup of the caller's last write when no replica could serve anyway.
  if (!replicas.anyUsable()) {
    replicaFallbacks.inc({ reason: 'unusable' });
    return;
  }
  const writer = writerOf(request);
  let after: bigint | null = null;
  if (writer) {
    const { rows } = await app.db.execute<{ lsn: bigint }>(sql`select lsn from write_positions where caller = ${writer}`);
    after = rows[0]?.lsn ?? null;
  }
  const picked = replicas.pick(after);
  if ('replica' in picked) request.readReplica = picked.replica;
  else replicaFallbacks.inc({ reason: picked.fallback });
};

/** Counts, once answered, which database served a `reads: 'replica'` row's read (an onResponse hook). */
export const countRead = async (request: FastifyRequest): Promise<void> => {
  if (request.readChosen) replicaReads.inc({ served_by: request.readReplica?.name ?? 'primary' });
};

/**
 * After a write, where the primary's WAL stands: past the write's commit, which returned before this
 * runs (synchronous_commit on, PostgreSQL's default), so a replica that replayed up to it shows the write.
 */
export const rememberWrite = async (app: FastifyInstance, request: FastifyRequest): Promise<void> => {
  if (!app.database.replicas) return;
  const writer = writerOf(request);
  if (!writer) return;
  try {
    await app.db.execute(sql`
      insert into write_positions (caller, lsn, written_at)
      values (${writer}, pg_current_wal_lsn() - '0/0'::pg_lsn, now())
      on conflict (caller) do update set lsn = greatest(write_positions.lsn, excluded.lsn), written_at = excluded.written_at`);
  } catch (error) {
    // The write itself is done and answered as it went; the author may see a replica's older copy.
    request.log.error({ err: error }, 'recording the position of a write failed');
  }
};

/** Codes of a replica's connection gone (socket errors, server shut down, connection failures). */
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * A failure of the replica rather than of the query: its connection is gone (`lost`), or its replay
 * cancelled the statement as conflicting with recovery (`conflict`, 40001), which the primary never does.
 */
export const replicaFailureOf = (error: unknown): 'lost' | 'conflict' | null => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (code === '40001') return 'conflict';
    if ((typeof code === 'string' && LOST_CONNECTION_CODES.has(code)) || /^Connection terminated|timeout exceeded when trying to connect/.test(e.message)) return 'lost';
  }
  return null;
};

/**
 * A read whose replica failed so before anything was sent is read again from the primary (reads have no
 * effects to repeat); a lost replica is skipped until the monitor sees it answer again.
 */
export const readAgainOnPrimary = (app: FastifyInstance, request: FastifyRequest, sent: boolean, error: unknown): boolean => {
  const replica = request.readReplica;
  const failure = replica && !sent ? replicaFailureOf(error) : null;
  if (!replica || !failure) return false;
  if (failure === 'lost') app.database.replicas?.markDown(replica);
  replicaFallbacks.inc({ reason: 'failed' });
  request.readReplica = null;
  return true;
};
