import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import { createAccount } from '../../../test/factories';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { CHARGE_LEASE_MS, claimUnsentCharges, deferCharge, renewChargeLease, retryDelayMs } from './charge-lease';
import { insertPayment } from './repository';

describe('retryDelayMs', () => {
  it.each([
    [1, 15_000],
    [2, 30_000],
    [3, 60_000],
    [5, 240_000],
    [6, 300_000],
    [20, 300_000],
  ])('after attempt %i waits %i ms', (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});

describe('charge leases', () => {
  let database: Database;
  let accountId: bigint;
  const t0 = new Date('2025-06-10T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    database = await createTestDatabase();
    accountId = (await createAccount(database.db)).id;
  });
  afterAll(() => database.close());

  const newPayment = (key: string) =>
    insertPayment(
      database.db,
      { accountId, date: t0, createdAt: t0, amount: '5.00', currency: 'CAD', status: 'InProgress', type: 'Credit Card (Manual)', provider: 'sandbox', idempotencyKey: key },
      [],
    );

  it('leaves a new payment to its creator until the lease ends, then lets exactly one claim take it', async () => {
    const payment = await newPayment('lease-1');
    expect(payment.chargeLeaseUntil).toEqual(at(CHARGE_LEASE_MS));
    expect(await claimUnsentCharges(database.db, 'sandbox', at(CHARGE_LEASE_MS - 1), 50)).toEqual([]);
    const claims = await Promise.all([
      claimUnsentCharges(database.db, 'sandbox', at(CHARGE_LEASE_MS), 50),
      claimUnsentCharges(database.db, 'sandbox', at(CHARGE_LEASE_MS), 50),
    ]);
    expect(claims.flat()).toEqual([payment.id]);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ chargeAttempts: 2, chargeLeaseUntil: at(2 * CHARGE_LEASE_MS) });
  });

  it('keeps a renewed lease, and waits the retry delay after a failed attempt', async () => {
    const payment = await newPayment('lease-2');
    await renewChargeLease(database.db, payment.id, at(60_000));
    expect(await claimUnsentCharges(database.db, 'sandbox', at(59_999), 50)).not.toContain(payment.id);
    await deferCharge(database.db, payment.id, at(60_000), 2);
    expect(await claimUnsentCharges(database.db, 'sandbox', at(60_000 + 29_999), 50)).not.toContain(payment.id);
    expect(await claimUnsentCharges(database.db, 'sandbox', at(90_000), 50)).toContain(payment.id);
  });

  it('never claims a payment that was sent or settled, or another provider’s', async () => {
    const sent = await newPayment('lease-3');
    await database.db.update(payments).set({ providerRef: 'ch_1' }).where(eq(payments.id, sent.id));
    const settled = await newPayment('lease-4');
    await database.db.update(payments).set({ status: 'Error' }).where(eq(payments.id, settled.id));
    const claimed = await claimUnsentCharges(database.db, 'sandbox', at(10 * 60_000), 50);
    expect(claimed).not.toContain(sent.id);
    expect(claimed).not.toContain(settled.id);
    expect(await claimUnsentCharges(database.db, 'stripe', at(10 * 60_000), 50)).toEqual([]);
  });
});
