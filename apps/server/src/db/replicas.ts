/**
 * Streaming replicas that reads may go to (docs/decisions/0029-reads-from-replicas.md). A monitor asks
 * the primary where its WAL stands and each replica how far it has replayed, about once a second; a
 * replica is usable while it answered lately, is still a standby, and holds everything the primary held
 * no more than the allowed lag ago. A caller's read goes to a usable replica only once that replica has
 * replayed past the caller's own last write, whose position is kept in `write_positions` on the primary.
 */
import type pg from 'pg';
import type { PortalDb } from './client';

/** `pg_lsn` as an integer byte position: `'16/B374D848'` → 0x16B374D848. */
export const parseLsn = (text: string): bigint => {
  const [high = '', low = '', ...rest] = text.split('/');
  if (rest.length > 0 || !/^[0-9A-Fa-f]{1,8}$/.test(high) || !/^[0-9A-Fa-f]{1,8}$/.test(low)) throw new Error(`Not an LSN: ${text}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** One replica as the monitor last saw it. */
export interface ReplicaState {
  /** `replica1`, `replica2`… in the order of DATABASE_REPLICA_URLS (metrics labels never carry a URL). */
  name: string;
  /** How far it had replayed at the last check; null before the first answer. */
  replayLsn: bigint | null;
  /** How long ago the primary last held no more than what it had replayed; null when unknown (down). */
  lagSeconds: number | null;
  usable: boolean;
}

export interface Replica extends ReplicaState {
  db: PortalDb;
  pool: pg.Pool;
  /** Streamed exports of this replica, a pool of their own as on the primary. */
  exportPool: pg.Pool;
}

export interface ReplicaSet {
  readonly replicas: readonly Replica[];
  readonly maxLagSeconds: number;
  /**
   * A usable replica that has replayed at least up to `after` (the caller's last write; null: no write
   * to wait for), taking turns among those that qualify; otherwise why the primary must serve.
   */
  pick(after: bigint | null): { replica: Replica } | { fallback: 'unusable' | 'behind_own_write' };
  /** Whether any replica is usable now (else nothing is worth looking up for a read). */
  anyUsable(): boolean;
  /** A query on it failed as a lost connection would: skipped until the monitor sees it answer again. */
  markDown(replica: Replica): void;
  /** One round of the monitor (what the timer runs; tests call it to not wait for the timer). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicaSetOptions {
  primary: pg.Pool;
  replicas: { pool: pg.Pool; exportPool: pg.Pool; db: PortalDb }[];
  maxLagSeconds: number;
  /** How often the monitor runs (default 1 s). */
  checkMs?: number | undefined;
  now?: () => number;
}

interface Sample {
  at: number;
  lsn: bigint;
}

export const createReplicaSet = ({ primary, replicas: given, maxLagSeconds, checkMs = 1_000, now = Date.now }: ReplicaSetOptions): ReplicaSet => {
  const replicas: (Replica & { checkedAt: number })[] = given.map((r, index) => ({
    ...r,
    name: `replica${index + 1}`,
    replayLsn: null,
    lagSeconds: null,
    usable: false,
    checkedAt: 0,
  }));
  const maxLagMs = maxLagSeconds * 1000;
  // Where the primary's WAL stood at each recent check: a replica that replayed past a sample holds all
  // the primary held then, so its lag is the age of the newest such sample (an idle primary, whose last
  // commit may be old, leaves a caught-up replica at lag 0).
  const samples: Sample[] = [];
  let turn = 0;

  /** The lag, and whether it is known: behind every sample kept, it is only known to be at least the oldest's age. */
  const lagOf = (replay: bigint, at: number): { seconds: number; known: boolean } => {
    for (let i = samples.length - 1; i >= 0; i -= 1) if (samples[i]!.lsn <= replay) return { seconds: (at - samples[i]!.at) / 1000, known: true };
    return { seconds: samples.length ? (at - samples[0]!.at) / 1000 : 0, known: false };
  };

  const checkReplica = async (replica: (typeof replicas)[number]): Promise<void> => {
    try {
      const { rows } = await replica.pool.query<{ recovering: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn',
      );
      const row = rows[0];
      // A promoted replica is a primary of its own: what it holds may differ from ours.
      if (!row?.recovering || row.lsn === null) throw new Error('not a standby');
      const at = now();
      replica.replayLsn = parseLsn(row.lsn);
      const lag = lagOf(replica.replayLsn, at);
      replica.lagSeconds = lag.seconds;
      replica.checkedAt = at;
      replica.usable = lag.known && lag.seconds <= maxLagSeconds;
    } catch {
      replica.usable = false;
      replica.lagSeconds = null;
    }
  };

  let running: Promise<void> | null = null;
  const check = () =>
    (running ??= (async () => {
      try {
        const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        const at = now();
        samples.push({ at, lsn: parseLsn(rows[0]!.lsn) });
        // Samples older than the allowed lag (but the newest of those) decide nothing more.
        while (samples.length > 2 && samples[1]!.at < at - maxLagMs - checkMs) samples.shift();
      } catch {
        // The primary did not answer: replicas are judged by the samples already taken.
      }
      await Promise.all(replicas.map(checkReplica));
    })().finally(() => {
      running = null;
    }));

  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();

  // A replica whose monitor stopped answering (hung host) is not trusted past the allowed lag.
  const fresh = (replica: (typeof replicas)[number]) => replica.usable && now() - replica.checkedAt <= maxLagMs;

  return {
    replicas,
    maxLagSeconds,
    anyUsable: () => replicas.some(fresh),
    pick(after) {
      const usable = replicas.filter(fresh);
      if (usable.length === 0) return { fallback: 'unusable' };
      const caughtUp = after === null ? usable : usable.filter((replica) => replica.replayLsn !== null && replica.replayLsn >= after);
      if (caughtUp.length === 0) return { fallback: 'behind_own_write' };
      turn = (turn + 1) % caughtUp.length;
      return { replica: caughtUp[turn]! };
    },
    markDown(replica) {
      const known = replicas.find((r) => r.name === replica.name);
      if (known) known.usable = false;
    },
    check,
    async close() {
      clearInterval(timer);
      await running;
      await Promise.all(replicas.flatMap((replica) => [replica.pool.end(), replica.exportPool.end()]));
    },
  };
};
