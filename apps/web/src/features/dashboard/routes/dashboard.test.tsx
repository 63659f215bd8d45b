import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountDetails, homeModel } from '@/test/fixtures';
import { mockBilling } from '@/test/billing-backend';
import { mockPortalBilling } from '@/test/portal-billing';
import { json, makeToken, renderRoute } from '@/test/utils';

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('dashboard', () => {
  it('shows the account number, an owing balance in red with the payment-due line, the latest bill and details', async () => {
    const { calls } = mockBilling();
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account C-1001' })).toBeInTheDocument();

    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('$120.50')).toHaveClass('text-danger');
    expect(balance.getByText('Amount owing')).toBeInTheDocument();
    expect(balance.getByText('Overdue since May 30, 2025')).toBeInTheDocument();
    expect(balance.queryByText('Pre-authorized payments enabled')).not.toBeInTheDocument();

    const latest = within(screen.getByRole('region', { name: 'Latest bill' }));
    expect(await latest.findByRole('link', { name: /View bill/ })).toHaveAttribute('href', '/invoices/77');
    const pdf = latest.getByRole('link', { name: /Download PDF of invoice INV-2025-04/ });
    expect(pdf).toHaveAttribute('href', '/b/v1/documents/77.pdf?sig=x');
    expect(pdf).toHaveAttribute('target', '_blank');

    const details = within(screen.getByRole('region', { name: 'Account details' }));
    expect(details.getByText('Casey C. Billing')).toBeInTheDocument();
    expect(details.getByText('billing@casey.example')).toBeInTheDocument();
    expect(details.getByText('12 Main Street')).toBeInTheDocument();
    expect(details.getByText('Jane Doe')).toBeInTheDocument();
    expect(details.getByText('(416) 555-0100')).toBeInTheDocument();

    const tiles = within(screen.getByRole('navigation', { name: 'Manage your account' }));
    expect(tiles.getByRole('link', { name: /Invoices & Billing/ })).toHaveAttribute('href', '/invoices');
    expect(tiles.getByRole('link', { name: /Usage/ })).toHaveAttribute('href', '/usage');
    expect(tiles.getByRole('link', { name: /Payment Methods/ })).toHaveAttribute('href', '/payments');
    expect(tiles.getByRole('link', { name: /Account Information/ })).toHaveAttribute('href', '/profile');

    const invoiceCall = calls.find((c) => c.url.pathname === '/b/v1/Invoice/items')!;
    expect(Object.fromEntries(invoiceCall.url.searchParams)).toEqual({
      dnfilter: 'AccountId==1001 && State=="Posted"',
      orderby: 'InvoiceNumber desc',
      skip: '0',
      take: '2',
    });
  });

  it('shows zero and "You do not have a balance owing" without balances, and the autopay note', async () => {
    mockBilling({
      home: () => json(homeModel([], null)),
      details: (id) => json(accountDetails(id, { paymentMethod: 'Credit Card' })),
    });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('$0.00')).toHaveClass('text-success');
    expect(balance.getByText('You do not have a balance owing')).toBeInTheDocument();
    expect(balance.queryByText(/Payment due/)).not.toBeInTheDocument();
    expect(balance.getByText('Pre-authorized payments enabled')).toBeInTheDocument();
  });

  it('says since when and how much is overdue, apart from what is only due', async () => {
    mockBilling({ home: () => json(homeModel([[-120.5, 'CAD']], '2025-04-30', [{ amount: 70.25, currency: { code: 'CAD' }, since: '2025-04-30' }])) });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('$120.50')).toHaveClass('text-danger');
    expect(balance.getByText('Overdue since Apr 30, 2025')).toBeInTheDocument();
    expect(balance.getByText('Amount overdue: $70.25')).toBeInTheDocument();
  });

  it('shows no amount overdue while the balance is only due', async () => {
    mockBilling({ home: () => json(homeModel([[-120.5, 'CAD']], '2999-05-30', [])) });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('Payment due May 30, 2999')).toBeInTheDocument();
    expect(balance.queryByText(/overdue/i)).not.toBeInTheDocument();
  });

  it('says it in French for a French account', async () => {
    mockBilling({
      home: () => json(homeModel([[-120.5, 'CAD']], '2025-04-30', [{ amount: 70.25, currency: { code: 'CAD' }, since: '2025-04-30' }])),
      details: (id) => json(accountDetails(id, { language: 'French' })),
    });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Solde actuel' }));
    expect(await balance.findByText('En retard depuis le 30 avr. 2025')).toBeInTheDocument();
    expect(balance.getByText('Montant en retard : 70,25 $')).toBeInTheDocument();
  });

  it('names the currency of every amount for a person with accounts in two currencies', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001', 'ac:1002'] }));
    mockBilling({
      names: () =>
        json({
          value: [
            { accountId: 1001n, listName: 'Casey Customer', parentId: null, currency: 'CAD' },
            { accountId: 1002n, listName: 'Casey US Line', parentId: 1001n, currency: 'USD' },
          ],
          count: 2,
        }),
      home: () => json(homeModel([[-120.5, 'CAD']], '2025-04-30', [{ amount: 70.25, currency: { code: 'CAD' }, since: '2025-04-30' }])),
    });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('CA$120.50')).toBeInTheDocument();
    expect(balance.getByText('Amount overdue: CA$70.25')).toBeInTheDocument();
  });

  it('names US dollars as such for a Canadian reader, even with one account', async () => {
    mockBilling({
      names: () => json({ value: [{ accountId: 1001n, listName: 'Casey US Line', parentId: null, currency: 'USD' }], count: 1 }),
      details: (id) => json(accountDetails(id, { currency: 'USD' })),
      home: () => json(homeModel([[-42.05, 'USD']], '2999-01-01', [])),
    });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(await balance.findByText('US$42.05')).toBeInTheDocument();
  });

  it('shows the error message when the account cannot be loaded', async () => {
    mockBilling({ details: () => json({ error: 'Account not found' }, 404) });
    renderRoute('/');
    expect(await screen.findByText('Failed to load account information. Please try again later.')).toBeInTheDocument();
  });

  it('shows loading placeholders with a status for screen readers', async () => {
    mockBilling({ home: () => new Promise<Response>(() => undefined) as unknown as Response });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    expect(balance.getByRole('status')).toHaveTextContent('Loading...');
  });
});

describe('"Make a payment" on the dashboard', () => {
  it('opens the one-time payment dialog in place; paying closes it, focus back on the button, and says so', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    const { router } = renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    await balance.findByText('$120.50');
    const button = balance.getByRole('button', { name: 'Make a payment' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    expect(router.state.location.pathname).toBe('/');
    expect(within(dialog).getByRole('radio', { name: /Total Balance/ })).toBeChecked();
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $120.50' }));
    // The dialog follows the payment; closing it while it settles leaves it to finish.
    await user.click(await within(dialog).findByRole('button', { name: 'Close this window' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('pay')).toHaveLength(1);
    expect(callsTo('pay')[0]!.body).toMatchObject({ payment: { accountId: 1001, amount: 120.5, currency: 'CAD' } });
    await waitFor(() => expect(button).toHaveFocus());
    expect(balance.getByText(/Payment submitted: \$120\.50 is being processed\./)).toBeInTheDocument();
  });

  it('gives focus back to the button when the dialog is closed without paying', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Current balance' }));
    await balance.findByText('$120.50');
    const button = balance.getByRole('button', { name: 'Make a payment' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(callsTo('pay')).toHaveLength(0);
  });

  it('says "You do not have a balance owing" instead of opening a $0 dialog', async () => {
    const user = userEvent.setup();
    mockPortalBilling({ home: () => json(homeModel([[0, 'CAD']])) });
    renderRoute('/');
    const region = await screen.findByRole('region', { name: 'Current balance' });
    const balance = within(region);
    await balance.findByText('$0.00');
    const button = balance.getByRole('button', { name: 'Make a payment' });
    const status = region.querySelector('p[role="status"]')!;
    expect(status).toHaveTextContent('');
    await user.click(button);
    expect(status).toHaveTextContent('You do not have a balance owing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('in French', async () => {
    const user = userEvent.setup();
    mockPortalBilling({ details: () => json(accountDetails(1001n, { language: 'French' })) });
    renderRoute('/');
    const balance = within(await screen.findByRole('region', { name: 'Solde actuel' }));
    await user.click(await balance.findByRole('button', { name: 'Effectuer un paiement' }));
    expect(await screen.findByRole('dialog', { name: 'Faire un paiement unique' })).toBeInTheDocument();
  });
});
