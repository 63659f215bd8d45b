import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accountAddresses, addresses } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createAccount } from '../../test/factories';
import { isCurrentBillingLink } from './billing-links';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('isCurrentBillingLink', () => {
  it.each([
    { link: 'Billing, open-ended', type: 'Billing', start: '2025-01-01T00:00:00Z', end: null, at: '2030-01-01T00:00:00Z', current: true },
    { link: 'Billing, from its start instant', type: 'Billing', start: '2025-01-01T00:00:00Z', end: null, at: '2025-01-01T00:00:00Z', current: true },
    { link: 'Billing, not started yet', type: 'Billing', start: '2025-01-01T00:00:00Z', end: null, at: '2024-12-31T23:59:59Z', current: false },
    { link: 'Billing, through its end instant', type: 'Billing', start: '2025-01-01T00:00:00Z', end: '2025-06-30T00:00:00Z', at: '2025-06-30T00:00:00Z', current: true },
    { link: 'Billing, ended', type: 'Billing', start: '2025-01-01T00:00:00Z', end: '2025-06-30T00:00:00Z', at: '2025-06-30T00:00:01Z', current: false },
    { link: 'Service, current', type: 'Service', start: '2025-01-01T00:00:00Z', end: null, at: '2025-03-01T00:00:00Z', current: false },
  ] as const)('$link at $at: $current', async ({ type, start, end, at, current }) => {
    const db = database.db;
    const account = await createAccount(db);
    const [address] = await db.insert(addresses).values({ accountId: account.id, city: 'Toronto', province: 'ON', country: 'CA' }).returning();
    await db.insert(accountAddresses).values({ accountId: account.id, addressId: address!.id, type, startDate: new Date(start), endDate: end ? new Date(end) : null });
    const { rows } = await db.execute<{ current: boolean }>(
      sql`select ${isCurrentBillingLink('aa', sql`${at}::timestamptz`)} as current from account_addresses aa where aa.account_id = ${account.id}`,
    );
    expect(rows).toEqual([{ current }]);
  });
});
