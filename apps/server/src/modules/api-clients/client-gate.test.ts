/**
 * The client gate: a client's state is read once and kept, read again once a change of it is heard, and a
 * read that overlapped a change is not kept (it may hold the row as it was).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiClients } from '../../db/schema';
import { createTestDatabase } from '../../../test/database';
import { announceClientChange, createClientGate, type ClientGate } from './client-gate';
import { createApiClient } from './service';

let database: Database;
const gates: ClientGate[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const gate of gates) gate.dispose();
  await database.close();
});

const newGate = () => {
  const gate = createClientGate(database.db);
  gates.push(gate);
  return gate;
};
const newClient = async (name: string) =>
  (await createApiClient({ db: database.db, clock: { now: () => new Date() } }, { userId: null, via: 'command line' }, { name, scopes: ['invoices:write'] })).client;
const disable = (clientId: string) => database.db.update(apiClients).set({ disabledAt: new Date() }).where(eq(apiClients.clientId, clientId));

describe('createClientGate', () => {
  it('reads a client once and keeps its state until a change of it is heard', async () => {
    const gate = newGate();
    const client = await newClient('Kept BSS');
    expect(await gate.state(client.clientId)).toMatchObject({ id: BigInt(client.id), name: 'Kept BSS', disabledAt: null });
    await disable(client.clientId);
    expect((await gate.state(client.clientId))?.disabledAt).toBeNull();
    gate.forget(client.clientId);
    expect((await gate.state(client.clientId))?.disabledAt).toBeInstanceOf(Date);
  });

  it('applies a change announced in this process to every gate of it, and reset forgets everything', async () => {
    const [one, two] = [newGate(), newGate()];
    const [a, b] = [await newClient('Announced BSS'), await newClient('Reset BSS')];
    for (const gate of [one, two]) for (const client of [a, b]) await gate.state(client.clientId);
    await disable(a.clientId);
    await disable(b.clientId);
    announceClientChange(a.clientId);
    for (const gate of [one, two]) {
      expect((await gate.state(a.clientId))?.disabledAt).toBeInstanceOf(Date);
      expect((await gate.state(b.clientId))?.disabledAt).toBeNull();
    }
    one.reset();
    expect((await one.state(b.clientId))?.disabledAt).toBeInstanceOf(Date);
    expect((await two.state(b.clientId))?.disabledAt).toBeNull();
  });

  it('does not keep a read that a change overlapped, nor an unknown client', async () => {
    const gate = newGate();
    const client = await newClient('Overlapped BSS');
    const reading = gate.state(client.clientId);
    gate.forget(client.clientId);
    expect((await reading)?.disabledAt).toBeNull();
    await disable(client.clientId);
    expect((await gate.state(client.clientId))?.disabledAt).toBeInstanceOf(Date);
    expect(await gate.state('no-such-client')).toBeNull();
  });
});
