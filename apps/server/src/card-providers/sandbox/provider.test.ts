import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { sandboxCharges, sandboxVault } from '../../db/schema';
import { createSandboxProvider } from './provider';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(sandboxVault).values({ ref: 'card_1', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099 });
});
afterAll(() => database.close());

const charge = (idempotencyKey: string, paymentMethodRef = 'card_1') => ({
  paymentId: 1n,
  accountId: 1n,
  customerRef: null,
  paymentMethodRef,
  amountMinor: 1234n,
  currency: 'CAD' as const,
  description: 'Payment',
  idempotencyKey,
});

describe('sandbox charges', () => {
  it('take one charge per idempotency key, as Stripe does, even when the same key arrives at once', async () => {
    const provider = createSandboxProvider({ db: database.db, publicOrigin: 'http://localhost:3000' });
    const answers = await Promise.all([provider.charge(charge('key-a')), provider.charge(charge('key-a')), provider.charge(charge('key-a'))]);
    const refs = new Set(answers.map((a) => a.providerRef));
    expect(refs.size).toBe(1);
    expect(answers.every((a) => a.status === 'pending')).toBe(true);
    expect(await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, 'key-a'))).toHaveLength(1);

    const other = await provider.charge(charge('key-b'));
    expect(other.providerRef).not.toBe([...refs][0]);
  });

  it('refuses a card that left the vault and records no charge', async () => {
    const provider = createSandboxProvider({ db: database.db, publicOrigin: 'http://localhost:3000' });
    expect(await provider.charge(charge('key-c', 'card_gone'))).toMatchObject({ status: 'failed', providerRef: null });
    expect(await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, 'key-c'))).toEqual([]);
  });
});
