import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { events } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createAccount } from '../../test/factories';
import { actorOfCaller, clientActor, jobActor, recordEvent } from './events';

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
