import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { events, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createAccount } from '../../test/factories';
import { actorOfCaller, clientActor, jobActor, recordEvent, recordEvents } from './events';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('recordEvent', () => {
  it('lands with the change: the account’s externalId, the actor, versioned data', async () => {
    const account = await createAccount(database.db, { externalId: 'acme-1' });
    const at = new Date('2026-11-02T10:00:00Z');
    const id = await database.db.transaction((tx) =>
      recordEvent(tx, { type: 'invoice.posted', accountId: account.id, actor: clientActor({ name: 'Billing system' }), data: { invoiceId: 7n }, at }),
    );
    expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    const [row] = await database.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ type: 'invoice.posted', version: 1, accountExternalId: 'acme-1', actorKind: 'client', actorName: 'Billing system', data: { invoiceId: '7' }, occurredAt: at });
    expect(row!.transactionId).toBeGreaterThan(0n);
  });

  it('leaves nothing when the change rolls back', async () => {
    const account = await createAccount(database.db);
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        id = await recordEvent(tx, { type: 'account.updated', accountId: account.id, actor: jobActor('daily notices'), data: {}, at: new Date() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it.each([
    { caller: { name: 'Ada', isStaff: false }, actor: { kind: 'person', name: 'Ada' } },
    { caller: { name: 'Sam Support', isStaff: true }, actor: { kind: 'staff', name: 'Sam Support' } },
  ])('a caller named $caller.name acts as $actor.kind', ({ caller, actor }) => {
    expect(actorOfCaller(caller)).toEqual(actor);
  });
});

describe('recordEvents', () => {
  it('records each event as recordEvent does, in order, and queues each one’s deliveries to the endpoints that asked for its type', async () => {
    const first = await createAccount(database.db, { externalId: 'many-1' });
    const second = await createAccount(database.db);
    const [endpoint] = await database.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/usage', eventTypes: ['usage.batch_loaded'], secret: { sealed: 'x' } as never, secretIssuedAt: new Date() })
      .returning({ id: webhookEndpoints.id });
    // Asked for another type: gets none of these.
    await database.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/invoices', eventTypes: ['invoice.posted'], secret: { sealed: 'x' } as never, secretIssuedAt: new Date() });
    const at = new Date('2026-11-02T10:00:00Z');
    const actor = clientActor({ name: 'Billing system' });
    const ids = await database.db.transaction((tx) =>
      recordEvents(tx, [
        { type: 'usage.batch_loaded', accountId: first.id, actor, data: { batchId: 'B-1', loaded: 2n }, at },
        { type: 'usage.batch_loaded', accountId: second.id, actor, data: { batchId: 'B-1', loaded: 0 }, at },
      ]),
    );
    expect(ids).toHaveLength(2);
    const rows = await database.db.select().from(events).where(inArray(events.id, ids)).orderBy(asc(events.seq));
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows[0]).toMatchObject({ type: 'usage.batch_loaded', version: 1, accountId: first.id, accountExternalId: 'many-1', actorKind: 'client', actorName: 'Billing system', data: { batchId: 'B-1', loaded: '2' }, occurredAt: at });
    expect(rows[1]).toMatchObject({ accountId: second.id, accountExternalId: null, data: { batchId: 'B-1', loaded: 0 } });
    expect(rows[0]!.transactionId).toBe(rows[1]!.transactionId);
    const deliveries = await database.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, ids)).orderBy(asc(webhookDeliveries.id));
    expect(deliveries.map((d) => [d.endpointId, d.eventId, d.accountId])).toEqual([
      [endpoint!.id, ids[0], first.id],
      [endpoint!.id, ids[1], second.id],
    ]);
    expect(JSON.parse(deliveries[0]!.payload)).toEqual({
      id: ids[0],
      type: 'usage.batch_loaded',
      version: 1,
      occurredAt: '2026-11-02T10:00:00.000Z',
      accountExternalId: 'many-1',
      actor: { kind: 'client', name: 'Billing system' },
      data: { batchId: 'B-1', loaded: '2' },
    });
    expect(deliveries[0]!.nextAttemptAt).toEqual(at);
  });

  it('records nothing for no events', async () => {
    expect(await database.db.transaction((tx) => recordEvents(tx, []))).toEqual([]);
  });
});
