import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyBalance } from '@portal/contract';
import { mockPortalBilling, recentPayment } from '@/test/portal-billing';
import { json, makeToken, renderRoute } from '@/test/utils';

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const family: FamilyBalance = {
  accounts: [
    { accountId: 1001n, customerNo: 'C-1001', name: 'Lee Family', balances: [{ amount: -30, currency: { code: 'CAD' } }], overdue: [] },
    { accountId: 1002n, customerNo: 'C-1002', name: 'Maya Lee', balances: [{ amount: -70, currency: { code: 'CAD' } }], overdue: [{ amount: 50, currency: { code: 'CAD' }, since: '2025-04-21' }] },
  ],
  balances: [{ amount: -100, currency: { code: 'CAD' } }],
  overdue: [{ amount: 50, currency: { code: 'CAD' }, since: '2025-04-21' }],
};

describe('the family card on a parent account’s dashboard', () => {
  it('is not shown for an account without sub-accounts', async () => {
    mockPortalBilling();
    renderRoute('/');
    await screen.findByRole('region', { name: 'Current balance' });
    expect(screen.queryByRole('region', { name: 'Family and sub-accounts' })).toBeNull();
  });

  it('shows what the accounts owe together and overdue, and pays all with the default card once confirmed', async () => {
    const user = userEvent.setup();
    const billing = mockPortalBilling({
      familyBalance: () => json(family),
      payAll: () => json({ payment: recentPayment(901n, 'InProgress', { amount: 100 }), shares: [{ accountId: 1001n, paymentId: 901n, amount: 30 }, { accountId: 1002n, paymentId: 902n, amount: 70 }], error: null }),
    });
    renderRoute('/');
    const card = within(await screen.findByRole('region', { name: 'Family and sub-accounts' }));
    expect(card.getByText('Total owing in CAD').nextSibling).toHaveTextContent('$100.00');
    expect(card.getByText('Overdue since Apr 21, 2025').nextSibling).toHaveTextContent('$50.00');
    expect(within(card.getByRole('list', { name: 'Accounts and their balances' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lee Family (C-1001)$30.00',
      'Maya Lee (C-1002)$70.00',
    ]);
    const button = card.getByRole('button', { name: 'Pay all $100.00' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Pay all accounts?' });
    expect(dialog).toHaveTextContent('Pay $100.00 for everything the 2 accounts owe, with Visa •••• 4242.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = billing.callsTo('payAll');
    expect(call!.body).toEqual({ accountId: 1001, paymentMethodId: 11, currency: 'CAD' });
    expect(call!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await card.findByText('Payment of $100.00 submitted for 2 accounts. Balances change once the card has been charged.')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });
});
