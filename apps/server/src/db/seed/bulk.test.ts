import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../client';
import { withBulkSession } from './bulk';
import { encodeTableRow, SANDBOX_VAULT, type VaultRow } from './tables';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const card = (ref: string): VaultRow => ({
  ref,
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  nameOnCard: 'Tab\tand "quote"',
  declinesCharges: false,
  createdAt: new Date('2025-01-01T00:00:00Z'),
});
const lines = (...refs: string[]) => [refs.map((ref) => encodeTableRow(SANDBOX_VAULT, card(ref))).join('')];
const refs = async () =>
  (
    (await database.db.execute(sql`SELECT ref, name_on_card FROM sandbox_vault ORDER BY ref`)).rows as {
      ref: string;
      name_on_card: string;
    }[]
  ).map((r) => `${r.ref}/${r.name_on_card}`);

describe('withBulkSession', () => {
  it('commits what was copied, special characters intact', async () => {
    await withBulkSession(database, (session) => session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, lines('a', 'b')));
    expect(await refs()).toEqual(['a/Tab\tand "quote"', 'b/Tab\tand "quote"']);
  });

  it('rolls everything back when the work fails after copying', async () => {
    const failing = withBulkSession(database, async (session) => {
      await session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, lines('c'));
      throw new Error('generator failed');
    });
    await expect(failing).rejects.toThrow('generator failed');
    expect(await refs()).toHaveLength(2);
  });

  it('rolls back when a copied row breaks a constraint, and the database stays usable', async () => {
    await expect(
      withBulkSession(database, async (session) => {
        await session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, lines('d'));
        await session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, lines('a'));
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await refs()).toHaveLength(2);
    await withBulkSession(database, (session) => session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, lines('e')));
    expect(await refs()).toHaveLength(3);
  });

  it('stops the copy when the row source throws midway', async () => {
    function* broken(): Generator<string> {
      yield lines('f')[0]!;
      throw new Error('source broke');
    }
    await expect(
      withBulkSession(database, (session) => session.copyIn(SANDBOX_VAULT.name, SANDBOX_VAULT.columns, broken())),
    ).rejects.toThrow('source broke');
    expect(await refs()).toHaveLength(3);
  });
});
