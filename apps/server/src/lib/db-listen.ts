/**
 * PostgreSQL `LISTEN` as a callback, on either database: a dedicated connection outside the pools on
 * PostgreSQL (reconnected with backoff; `onReset` runs after a gap, when notifications may have been
 * missed), PGlite's own listener in the embedded database (one process, nothing to miss).
 */
import type pg from 'pg';
import type { Database } from '../db/client';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  onNotification(payload: string): void;
  /** Called once connected again after a gap: whatever was cached from notifications may be stale. */
  onReset(): void;
  onError(error: Error): void;
}

const RECONNECT_MS = [100, 500, 1_000, 2_000, 5_000];

export const listen = async (database: Database, channel: string, options: ListenOptions): Promise<Listener> => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error('channel names are plain identifiers');
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, options.onNotification);
    return { close: () => unlisten() };
  }
  const connectionString = (database.pool!.options as { connectionString: string }).connectionString;
  const { default: pg } = await import('pg');
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let reconnecting = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => {
      options.onError(error);
      void reconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    attempt = 0;
  };

  const reconnect = async () => {
    if (reconnecting || closed) return;
    reconnecting = true;
    const lost = client;
    client = null;
    lost?.end().catch(() => undefined);
    while (!closed && client === null) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]).unref());
      attempt += 1;
      try {
        await connect();
        options.onReset();
      } catch (error) {
        options.onError(error as Error);
      }
    }
    reconnecting = false;
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
};
