import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUnauthorizedHandler } from '@/lib/api/unauthorized';
import { mockBilling } from '@/test/billing-backend';
import { names } from '@/test/fixtures';
import { json, makeToken, renderRoute } from '@/test/utils';

describe('authenticated area', () => {
  it('sends visitors without a session to /login', async () => {
    mockBilling();
    const { router } = renderRoute('/invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('treats an expired token as no session', async () => {
    localStorage.setItem('token', makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    mockBilling();
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs out on any 401: token cleared from both stores, back to /login', async () => {
    localStorage.setItem('token', makeToken());
    sessionStorage.setItem('token', makeToken());
    mockBilling({ details: () => json({ error: 'Session expired' }, 401) });
    const { router } = renderRoute('/');
    setUnauthorizedHandler(() => void router.navigate('/login', { replace: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('Log off clears the session and replaces the entry with /login', async () => {
    localStorage.setItem('token', makeToken());
    localStorage.setItem('currentAccountId', '1001');
    mockBilling();
    const { router } = renderRoute('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('currentAccountId')).toBeNull();
  });

  it('has a skip link, landmarks, the user menu and the footer contacts', async () => {
    sessionStorage.setItem('token', makeToken({ name: 'Casey Customer', roles: ['Admin'] }));
    mockBilling();
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    const menu = within(screen.getByRole('menu', { name: 'User menu' }));
    expect(menu.getByRole('menuitem', { name: 'Account Information' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute('href', '/password');
    expect(menu.getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(menu.getByRole('menuitem', { name: 'API clients' })).toHaveAttribute('href', '/admin/api-clients');
    expect(menu.getByRole('menuitem', { name: 'Webhooks' })).toHaveAttribute('href', '/admin/webhooks');
    expect(menu.getByRole('menuitem', { name: 'Log off' })).toHaveAttribute('href', '/logout');
    expect(menu.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /User menu/ })).toHaveFocus();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: '+1 800 555 0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(footer.getByRole('link', { name: 'support@example-telecom.com' })).toHaveAttribute(
      'href',
      'mailto:support@example-telecom.com',
    );
  });
});

describe('a closed account', () => {
  it('says on its screens when it closed and until when its documents stay, and offers no payment', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
    mockBilling({
      names: () =>
        json({
          value: [{ accountId: 1001n, listName: 'Casey Customer', parentId: null, closedAt: '2026-03-15T12:00:00.000Z', documentsUntil: '2033-03-13T12:00:00.000Z' }],
          count: 1,
        }),
    });
    renderRoute('/');
    expect(
      await screen.findByText('This account was closed on March 15, 2026. Its invoices and documents remain available until March 13, 2033.'),
    ).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a payment' })).not.toBeInTheDocument();
  });

  it('shows no banner on an open account, which keeps its payment button', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
    mockBilling();
    renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Make a payment' })).toBeInTheDocument();
    expect(screen.queryByText(/This account was closed/)).not.toBeInTheDocument();
  });
});

describe('account selector', () => {
  it('is hidden for a customer with a single account', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
    mockBilling();
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  });

  it('groups sub-accounts, switches account and saves the choice', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:10'] }));
    const { calls } = mockBilling({
      names: () => json(names([10n, 'Zeta Family', null], [11n, 'Zeta Kids', 10n], [12n, 'Zeta Office', 10n])),
    });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-10' })).toBeInTheDocument();
    const namesCall = calls.find((c) => c.url.pathname === '/b/v1/Account/names')!;
    expect(namesCall.url.searchParams.get('orderby')).toBe('listName asc');
    expect(namesCall.url.searchParams.get('count')).toBe('true');

    const user = userEvent.setup();
    const [trigger] = await screen.findAllByRole('button', { name: /Account\s*Zeta Family/ });
    await user.click(trigger!);
    const list = within(screen.getByRole('listbox', { name: 'Accounts' }));
    expect(list.getByRole('group', { name: 'Zeta Family (Sub-Accounts)' })).toBeInTheDocument();
    expect(list.getByRole('option', { name: /Zeta Family/ })).toHaveAttribute('aria-selected', 'true');
    // The hint is text under the field (a placeholder was cut short), and the field is described by it.
    const search = screen.getByRole('combobox', { name: 'Search accounts' });
    expect(search).not.toHaveAttribute('placeholder');
    expect(search).toHaveAccessibleDescription(/^Type a name or account number/);

    await user.keyboard('kids');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-11' })).toBeInTheDocument();
    expect(localStorage.getItem('currentAccountId')).toBe('11');
  });

  it('replaces a saved account that is no longer in the list with the first top-level one', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:20', 'ac:10'] }));
    localStorage.setItem('currentAccountId', '999');
    mockBilling({ names: () => json(names([20n, 'Zulu Ltd', null], [10n, 'Alpha Inc', null])) });
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-10' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('currentAccountId')).toBe('10'));
  });

  it('lets staff without scopes pick an account by searching the server', async () => {
    sessionStorage.setItem('token', makeToken({ roles: ['Staff'], scopes: [] }));
    const { calls } = mockBilling({
      names: () => json(names([1n, 'Aardvark Ltd', null])),
      search: () =>
        json({
          value: [
            { kind: 'contact', id: 9n, accountId: 502n, accountName: 'Acme West (C-502)', accountParentId: null, title: 'Pat Lee', subtitle: null, matched: { field: 'contactPhone', value: '+14165550134' } },
            { kind: 'invoice', id: 8n, accountId: 502n, accountName: 'Acme West (C-502)', accountParentId: null, title: 'Invoice INV-1', subtitle: null, matched: { field: 'invoiceNumber', value: 'INV-1' } },
            { kind: 'account', id: 501n, accountId: 501n, accountName: 'Acme Corp (C-501)', accountParentId: null, title: 'Acme Corp', subtitle: null, matched: { field: 'accountName', value: 'Acme Corp' } },
          ],
        }),
    });
    renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();

    const user = userEvent.setup();
    const [trigger] = screen.getAllByRole('button', { name: /Account\s*Choose an account/ });
    await user.click(trigger!);
    // Before typing: the first accounts by name.
    expect(await screen.findByRole('option', { name: /Aardvark Ltd/ })).toBeInTheDocument();
    await user.keyboard('(416) 555 0134');
    const option = await screen.findByRole('option', { name: /Acme West \(C-502\)\s*Phone: \(416\) 555-0134/ });
    const search = calls.filter((c) => c.url.pathname === '/b/v1/Search');
    expect(search).toHaveLength(1);
    expect(search[0]!.url.searchParams.get('search')).toBe('(416) 555 0134');
    // One option per account, best match first; a match by name needs no explanation; no internal ids.
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme West (C-502)Phone: (416) 555-0134', 'Acme Corp (C-501)']);
    expect(screen.queryByText(/#\d/)).not.toBeInTheDocument();

    await user.click(option);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-502' })).toBeInTheDocument();
    expect(localStorage.getItem('currentAccountId')).toBe('502');
  });

});
