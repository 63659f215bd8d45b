/**
 * What every provider call needs of its API client (its row id, name, whether it is disabled), from memory:
 * each instance remembers the clients it has seen and hears of every change through PostgreSQL NOTIFY on
 * `CLIENT_CHANNEL` (delivered to every instance when the changing transaction commits), which makes it read
 * that client again — so a disabled client is refused at once on every instance, as sessions are
 * (lib/session-gate.ts), without a read of its row on every call.
 */
import { sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { clientState, type ClientState } from './repository';

export const CLIENT_CHANNEL = 'api_client_changes';

/** Clients are few; past this many an instance forgets the oldest it has seen. */
const MAX_KNOWN = 10_000;

export interface ClientGate {
  /** The client's state, read once and then kept until a change of it is heard; null for an unknown client. */
  state(clientId: string): Promise<ClientState | null>;
  /** Forgets one client (a change notification's payload is its client id). */
  forget(clientId: string): void;
  /** Forgets everything (after notifications may have been missed). */
  reset(): void;
  /** Stops taking this process's changes (the app is closing). */
  dispose(): void;
}

/**
 * Gates of this process: a change is applied to them by the instance that makes it once its transaction has
 * committed, so its own next call never waits for the notification; other instances hear the NOTIFY.
 */
const gatesOfThisProcess = new Set<ClientGate>();

/** Tells every instance, when `db`'s transaction commits, that the client changed. */
export const notifyClientChange = async (db: PortalDb, clientId: string): Promise<void> => {
  await db.execute(sql`select pg_notify(${CLIENT_CHANNEL}, ${clientId})`);
};

/** Applies a committed change to every gate of this process. */
export const announceClientChange = (clientId: string): void => {
  for (const gate of gatesOfThisProcess) gate.forget(clientId);
};

export const createClientGate = (db: PortalDb): ClientGate => {
  const known = new Map<string, ClientState>();
  // A read that started before a change was heard may answer the row as it was: it is not kept.
  let changes = 0;
  const gate: ClientGate = {
    state: async (clientId) => {
      const remembered = known.get(clientId);
      if (remembered) return remembered;
      const before = changes;
      const state = await clientState(db, clientId);
      if (state && changes === before) {
        if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
        known.set(clientId, state);
      }
      return state;
    },
    forget: (clientId) => {
      changes += 1;
      known.delete(clientId);
    },
    reset: () => {
      changes += 1;
      known.clear();
    },
    dispose: () => gatesOfThisProcess.delete(gate),
  };
  gatesOfThisProcess.add(gate);
  return gate;
};
