import { actingRole } from './acting-for-banner';

describe('actingRole', () => {
  const staff = { isStaff: true, isAdmin: false, accounts: [5n] };
  it.each([
    ['a customer', { isStaff: false, isAdmin: false, accounts: [] }, 9n, null],
    ['staff on another account', staff, 9n, 'Staff'],
    ['staff on their own account', staff, 5n, null],
    ['an admin on another account', { isStaff: true, isAdmin: true, accounts: [] }, 9n, 'Admin'],
    ['staff before choosing an account', staff, null, null],
    ['no session', null, 9n, null],
  ] as const)('%s → %s', (_, session, accountId, role) => {
    expect(actingRole(session && { ...session, accounts: [...session.accounts] }, accountId)).toBe(role);
  });
});
