import { describe, expect, it } from 'vitest';
import { assertAdmin, missingAccountIds } from './users-service';
import type { Caller } from '../../plugins/authenticate';

const caller = (roles: string[]): Caller => ({
  userId: 1n,
  name: 'x',
  roles,
  accountIds: [],
  isStaff: roles.includes('Staff') || roles.includes('Admin'),
  isAdmin: roles.includes('Admin'),
});

describe('missingAccountIds', () => {
  it.each([
    { requested: [], existing: [], missing: [] },
    { requested: [1n, 2n], existing: [2n, 1n], missing: [] },
    { requested: [1n, 2n, 3n], existing: [2n], missing: [1n, 3n] },
  ])('$requested vs $existing', ({ requested, existing, missing }) => {
    expect(missingAccountIds(requested, existing)).toEqual(missing);
  });
});

describe('assertAdmin', () => {
  it.each([[[]], [['Staff']]])('refuses %j with 403', (roles) => {
    expect(() => assertAdmin(caller(roles))).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Only administrators can manage users.' }),
    );
  });
  it('lets Admin through', () => {
    expect(() => assertAdmin(caller(['Admin']))).not.toThrow();
  });
});
