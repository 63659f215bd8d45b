/**
 * The feed on PostgreSQL with two transactions at once, each on its own connection: the one that took the
 * lower seq commits last. Until it commits the feed answers neither (the later one is committed but behind a
 * running transaction), so a reader's cursor never passes an event that commits late; then both, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalEvent } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createTestDatabase } from '../../../test/database';
import { feedCaughtUp } from '../../../test/event-feed';
import { bearer, createAccount } from '../../../test/factories';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';
import { clientActor, recordEvent } from '../../lib/events';

let database: Database;
let ctx: TestContext;
let reader: string;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 6 });
  ctx = await buildTestApp({ clock: createTestClock('2026-11-25T12:00:00Z'), database });
  reader = await clientTokenFor(ctx, ['events:read']);
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
});

const read = async (after: string) => {
  const res = await ctx.app.inject({ url: `/p/v1/events${after && `?after=${after}`}`, headers: bearer(reader) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: PortalEvent[]; next: string }>();
};

/** A transaction that records one event, then waits for `release` before it commits. */
const heldTransaction = (accountId: bigint, name: string) => {
  let release!: () => void;
  let recorded!: (id: string) => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const id = new Promise<string>((resolve) => (recorded = resolve));
  const done = database.db.transaction(async (tx) => {
    recorded(await recordEvent(tx, { type: 'person.removed', accountId, actor: clientActor({ name }), data: { email: `${name}@example.com` }, at: new Date() }));
    await released;
  });
  return { id, release, done };
};

describe('the feed while a transaction with a lower seq is still running', () => {
  it('answers no event behind it until it commits, then both in (transaction, seq) order, each once', async () => {
    const account = await createAccount(database.db, { externalId: 'EVT-PG-1' });
    await feedCaughtUp(database);
    const start = (await read('')).next;

    const earlier = heldTransaction(account.id, 'earlier');
    const earlierId = await earlier.id;
    const later = heldTransaction(account.id, 'later');
    const laterId = await later.id;
    later.release();
    await later.done;

    const stored = await database.db.select({ id: events.id, seq: events.seq }).from(events);
    const seqOf = (id: string) => stored.find((row) => row.id === id)?.seq;
    // The later transaction committed; the earlier one's event is not visible yet, though its seq is lower.
    expect(seqOf(laterId)).toBeDefined();
    expect(seqOf(earlierId)).toBeUndefined();

    const whileRunning = await read(start);
    expect(whileRunning.data).toEqual([]);
    expect(whileRunning.next).toBe(start);

    earlier.release();
    await earlier.done;
    await feedCaughtUp(database);
    const afterCommit = await read(whileRunning.next);
    expect(afterCommit.data.map((e) => e.id)).toEqual([earlierId, laterId]);
    expect((await read(afterCommit.next)).data).toEqual([]);
  });
});
