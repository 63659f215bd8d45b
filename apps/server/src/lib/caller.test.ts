import { describe, expect, it } from 'vitest';
import { assertAdmin, assertStaff, type Caller } from './caller';

const caller = (roles: string[]): Caller => ({
  userId: 1n,
  sessionId: 's',
  name: 'x',
  roles,
  accountIds: [],
  isStaff: roles.includes('Staff') || roles.includes('Admin'),
  isAdmin: roles.includes('Admin'),
});

describe('role checks of endpoints', () => {
  it.each([[[]], [['Staff']]])('admin endpoints refuse %j with 403', (roles) => {
    expect(() => assertAdmin(caller(roles))).toThrow(expect.objectContaining({ statusCode: 403, message: 'Only administrators can manage users.' }));
  });
  it('admin endpoints let Admin through', () => {
    expect(() => assertAdmin(caller(['Admin']))).not.toThrow();
  });
  it('staff endpoints refuse customers with 403 and let Staff and Admin through', () => {
    expect(() => assertStaff(caller([]))).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertStaff(caller(['Staff']))).not.toThrow();
    expect(() => assertStaff(caller(['Admin']))).not.toThrow();
  });
});
