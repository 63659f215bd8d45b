import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Caller } from './caller';
import { executeAsCaller, prepareForCallers } from './access';

const caller = (isStaff: boolean, accountIds: bigint[]): Caller => ({
  userId: 1n,
  sessionId: 's',
  name: 'n',
  roles: [],
  accountIds,
  isStaff,
  isAdmin: false,
});

/** Records which statement ran with which values. */
const recordingStatements = () => {
  const calls: [string, Record<string, unknown>][] = [];
  const statement = (name: string) => ({
    execute: (values: Record<string, unknown>) => {
      calls.push([name, values]);
      return Promise.resolve([name]);
    },
  });
  return { calls, statements: { staff: statement('staff'), customer: statement('customer') } };
};

describe('executeAsCaller', () => {
  it.each([
    { who: 'Staff', caller: caller(true, []), ran: 'staff', values: { accountId: 7n } },
    { who: 'a customer of one account', caller: caller(false, [7n]), ran: 'customer', values: { accountId: 7n, accountIds: '{7}' } },
    { who: 'a customer of two', caller: caller(false, [3n, 12n]), ran: 'customer', values: { accountId: 7n, accountIds: '{3,12}' } },
    { who: 'a customer of none', caller: caller(false, []), ran: 'customer', values: { accountId: 7n, accountIds: '{}' } },
  ])('runs the statement of $who with its values', async ({ caller, ran, values }) => {
    const { calls, statements } = recordingStatements();
    await expect(executeAsCaller(statements, caller, { accountId: 7n })).resolves.toEqual([ran]);
    expect(calls).toEqual([[ran, values]]);
  });
});

describe('prepareForCallers', () => {
  it("prepares Staff's statement without an access condition and the customer's limited to the accountIds placeholder", async () => {
    const built: { name: string; access?: { sql: string; params: unknown[] } }[] = [];
    const statements = prepareForCallers('thing', sql`t.account_id`, (name, access: SQL | undefined) => {
      built.push({ name, access: access && new PgDialect().sqlToQuery(access) });
      return { execute: () => Promise.resolve(name) };
    });
    const [staff, customer] = built;
    expect([staff?.name, customer?.name]).toEqual(['thing_staff', 'thing']);
    expect(staff?.access).toBeUndefined();
    expect(customer?.access?.sql).toMatch(/^t\.account_id in \(\s*with recursive reachable\(id\) as \(\s*select id from accounts where id = any\(\$1::bigint\[\]\)/);
    expect(customer?.access?.params).toEqual([expect.objectContaining({ name: 'accountIds' })]);
    await expect(statements.staff.execute({})).resolves.toBe('thing_staff');
    await expect(statements.customer.execute({})).resolves.toBe('thing');
  });
});
