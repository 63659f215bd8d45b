import { endpoints, type UserSummary } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isCallTo } from '@/test/calls';
import { wideScreen } from '@/test/portal-billing';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const user = (id: number, fields: Partial<UserSummary>): UserSummary => ({
  id: BigInt(id),
  username: `user${id}`,
  email: `user${id}@example.com`,
  name: `User ${id}`,
  status: 'active',
  roles: [],
  accounts: [],
  twoFactorEnabled: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  lockedOutUntil: null,
  ...fields,
});

const USERS = [
  user(5, { name: 'Pat Pending', status: 'pending' }),
  user(1, { name: 'Ada Admin', roles: ['Admin'] }),
  user(3, {
    name: 'Casey Customer',
    accounts: [
      { accountId: 1001n, listName: 'Casey Household (C-1001)' },
      { accountId: 1002n, listName: 'Casey Mobile (C-1002)' },
    ],
    twoFactorEnabled: true,
  }),
  user(4, { name: 'Dee Disabled', status: 'disabled' }),
];

const backend = () =>
  mockFetch((call) => {
    if (isCallTo(endpoints.listUsers, call)) {
      const search = call.url.searchParams.get('search')?.toLowerCase();
      const status = call.url.searchParams.get('status');
      return json(USERS.filter((u) => (!search || u.name.toLowerCase().includes(search)) && (!status || u.status === status)));
    }
    if (isCallTo(endpoints.approveUser, call)) return json({ ...USERS[2]!, ...(call.body as object) });
    return json({ error: 'Not found' }, 404);
  });

const rowOf = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }));

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '1', name: 'Ada Admin', roles: ['Admin'], scopes: [] }));
});

describe('/admin/users', () => {
  // The table's tests: a wide screen (each is restored after its test).
  beforeEach(() => {
    wideScreen();
  });

  it('lists every user with status, roles and accounts, and offers only the actions that can work', async () => {
    backend();
    renderRoute('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /Pat Pending/ });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('4 users');

    const pending = rowOf('Pat Pending');
    expect(pending.getByText('Awaiting approval')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Approve: Pat Pending' })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Disable: Pat Pending' })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: /Sign-in link/ })).not.toBeInTheDocument();

    const customer = rowOf('Casey Customer');
    expect(customer.getByText('Active')).toBeInTheDocument();
    expect(customer.getByText('Two-factor on')).toBeInTheDocument();
    expect(customer.getByText('Customer')).toBeInTheDocument();
    expect(customer.getByText('Casey Household (C-1001), Casey Mobile (C-1002)')).toBeInTheDocument();
    for (const action of ['Edit access', 'Sign-in link', 'Reset two-factor', 'Disable']) {
      expect(customer.getByRole('button', { name: `${action}: Casey Customer` })).toBeInTheDocument();
    }

    const self = rowOf('Ada Admin');
    expect(self.getByText('Every account')).toBeInTheDocument();
    expect(self.getByRole('button', { name: 'Edit access: Ada Admin' })).toBeInTheDocument();
    expect(self.queryByRole('button', { name: /^(Disable|Sign-in link):/ })).not.toBeInTheDocument();

    const disabled = rowOf('Dee Disabled');
    expect(disabled.getByRole('button', { name: 'Enable: Dee Disabled' })).toBeInTheDocument();
    expect(disabled.queryByRole('button', { name: /^(Disable|Sign-in link|Edit access):/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/#\d/)).not.toBeInTheDocument();
  });

  it('asks the server for the search text and the status chosen', async () => {
    const { calls } = backend();
    renderRoute('/admin/users');
    await screen.findByRole('row', { name: /Pat Pending/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'casey');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('search') === 'casey' && c.url.searchParams.get('status') === 'active')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Pending/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Casey Customer/ })).toBeInTheDocument();
  });

  it("edits an active user's access starting from what they have, and returns focus to the button", async () => {
    const { calls } = backend();
    renderRoute('/admin/users');
    await screen.findByRole('row', { name: /Casey Customer/ });
    const edit = rowOf('Casey Customer').getByRole('button', { name: 'Edit access: Casey Customer' });
    await userEvent.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Access of Casey Customer' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Casey Mobile (C-1002)' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Staff/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save access' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const save = calls.find((c) => isCallTo(endpoints.approveUser, c))!;
    expect(save.url.pathname).toBe('/a/v1/Users/3/approve');
    expect(save.body).toEqual({ accountIds: [1001], roles: ['Staff'] });
    expect(await screen.findByText('The access of Casey Customer was changed.')).toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('shows the actions column by name, and gives focus to the message when approving took the button away', async () => {
    let approved = false;
    mockFetch((call) => {
      if (isCallTo(endpoints.listUsers, call)) return json(USERS.map((u) => (u.id === 5n && approved ? { ...u, status: 'active', roles: ['Staff'] } : u)));
      if (isCallTo(endpoints.approveUser, call)) {
        approved = true;
        return json({ ...USERS[0]!, status: 'active', roles: ['Staff'] });
      }
      return json({ error: 'Not found' }, 404);
    });
    renderRoute('/admin/users');
    await screen.findByRole('row', { name: /Pat Pending/ });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await userEvent.click(rowOf('Pat Pending').getByRole('button', { name: 'Approve: Pat Pending' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve Pat Pending' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Staff/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(rowOf('Pat Pending').queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument());
    const message = await screen.findByText('Pat Pending was approved.');
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('shows a locked-out person, and lifts the lockout with a reset link after confirming', async () => {
    let locked = true;
    const lifts: unknown[] = [];
    mockFetch((call) => {
      if (isCallTo(endpoints.listUsers, call)) {
        return json(USERS.map((u) => (u.id === 3n && locked ? { ...u, lockedOutUntil: '2026-11-24T15:45:00Z' } : u)));
      }
      if (isCallTo(endpoints.liftUserLockout, call)) {
        lifts.push(call.body);
        locked = false;
        return json({ ...USERS[2]!, lockedOutUntil: null });
      }
      return json({ error: 'Not found' }, 404);
    });
    renderRoute('/admin/users');
    await screen.findByRole('row', { name: /Casey Customer/ });
    expect(rowOf('Casey Customer').getByText(/^Locked out until /)).toBeInTheDocument();
    expect(rowOf('Ada Admin').queryByRole('button', { name: /^Lift lockout/ })).not.toBeInTheDocument();
    await userEvent.click(rowOf('Casey Customer').getByRole('button', { name: 'Lift lockout: Casey Customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lift the sign-in lockout of Casey Customer?' }));
    expect(dialog.getByRole('checkbox', { name: 'Also email them a link to set a new password' })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Lift lockout' }));
    const message = await screen.findByText('The lockout of Casey Customer was lifted, and a password reset link was emailed to them.');
    expect(lifts).toEqual([{ sendResetLink: true }]);
    await waitFor(() => expect(rowOf('Casey Customer').queryByText(/^Locked out until /)).not.toBeInTheDocument());
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('says the lockout in French', async () => {
    await changeLanguage('fr', { remember: true });
    mockFetch((call) =>
      isCallTo(endpoints.listUsers, call) ? json([{ ...USERS[2]!, lockedOutUntil: '2026-11-24T15:45:00Z' }]) : json({ error: 'Not found' }, 404),
    );
    renderRoute('/admin/users');
    await screen.findByRole('row', { name: /Casey Customer/ });
    expect(rowOf('Casey Customer').getByText(/^Bloqué jusqu’à /)).toBeInTheDocument();
    await userEvent.click(rowOf('Casey Customer').getByRole('button', { name: 'Lever le blocage\u202f: Casey Customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Lever le blocage de connexion de Casey Customer?' }));
    expect(dialog.getByRole('checkbox', { name: /lien pour choisir un nouveau mot de passe/ })).toBeChecked();
  });
});

describe('/admin/users on a phone', () => {
  it('shows each user as a card with the same status and actions (no table scrolling sideways)', async () => {
    backend();
    renderRoute('/admin/users');
    const list = within(await screen.findByRole('list', { name: 'Users' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(USERS.length);
    const casey = within(list.getAllByRole('listitem').find((item) => item.textContent?.includes('Casey Customer'))!);
    expect(casey.getByText('Casey Household (C-1001), Casey Mobile (C-1002)')).toBeInTheDocument();
    expect(casey.getByRole('button', { name: 'Edit access: Casey Customer' })).toBeInTheDocument();
    expect(casey.getByRole('button', { name: 'Reset two-factor: Casey Customer' })).toBeInTheDocument();
  });
});
