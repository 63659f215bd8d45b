import type { HomeModel } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveFile } from '@/lib/save-file';
import { homeModel } from '@/test/fixtures';
import { json, makeToken, renderRoute } from '@/test/utils';
import { mockPortalBilling, recentPayment, refund, wideScreen } from '@/test/portal-billing';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const home: HomeModel = {
  ...homeModel([[-25, 'CAD']]),
  recentPayments: [
    recentPayment(5n, 'Successful', { date: '2025-05-02T15:00:00Z', amount: 50 }),
    recentPayment(2n, 'Successful', { date: '2025-03-02T15:00:00Z', amount: 75.25 }),
    recentPayment(1n, 'Successful', { date: '2025-02-02T15:00:00Z', amount: 20, method: 'cheque', card: null }),
  ],
};
const refunds = { value: [refund(31n, 5n, 'Succeeded', { amount: 25 }), refund(30n, 2n, 'Failed', { amount: 5 })] };

beforeEach(() => vi.mocked(saveFile).mockClear());

describe('refunds in Payment History, for the customer', () => {
  beforeEach(() => sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] })));

  it('lists each refund under its payment, with a receipt for the one that succeeded, and offers no Refund', async () => {
    wideScreen();
    const user = userEvent.setup();
    const billing = mockPortalBilling({ home: () => json(home), refunds: () => json(refunds) });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(await within(table).findByText('Refunded $25.00 on May 10, 2025')).toBeInTheDocument();
    expect(within(table).getByText('Refund of $5.00 refused by the processor')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Refund the payment/ })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Download the receipt of the refund of $25.00 on May 10, 2025' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Refund-RF-31.pdf');
    expect(billing.callsTo('refundReceipt')[0]!.url.pathname).toBe('/b/v1/Payment/refund/31/receipt');
  });
});

describe('the Refund action, for Staff', () => {
  // Staff reach accounts of several currencies: amounts name theirs.
  beforeEach(() => {
    sessionStorage.setItem('token', makeToken({ roles: ['Staff'], scopes: [] }));
    localStorage.setItem('currentAccountId', '1001');
  });
  afterEach(() => localStorage.clear());

  it('is offered on card payments that still hold something, never on an offline one', async () => {
    wideScreen();
    mockPortalBilling({ home: () => json(home), refunds: () => json(refunds) });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    await within(table).findByText('Refunded CA$25.00 on May 10, 2025');
    expect(within(table).getAllByRole('button', { name: /^Refund the payment/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Refund the payment of CA$50.00 on May 2, 2025',
      'Refund the payment of CA$75.25 on Mar 2, 2025',
    ]);
  });

  it('asks the amount (at most what is left) and a reason, confirms, then refunds and says so', async () => {
    wideScreen();
    const user = userEvent.setup();
    const billing = mockPortalBilling({ home: () => json(home), refunds: () => json(refunds) });
    renderRoute('/payments');
    const opener = await screen.findByRole('button', { name: 'Refund the payment of CA$50.00 on May 2, 2025' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    expect(dialog).toHaveTextContent('It can still be refunded up to CA$25.00.');
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    expect(amount).toHaveValue('25.00');
    await user.clear(amount);
    await user.type(amount, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('The payment can be refunded up to CA$25.00.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why the payment is refunded.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.50');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Roaming charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Refund CA$12.50 to Visa •••• 4242?');
    expect(billing.callsTo('refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refund CA$12.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = billing.callsTo('refund');
    expect(call!.url.pathname).toBe('/b/v1/Payment/5/refund');
    expect(call!.body).toEqual({ amount: 12.5, reason: 'Roaming charged twice' });
    expect(await screen.findByText('CA$12.50 was refunded.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the processor’s words when it refuses', async () => {
    wideScreen();
    const user = userEvent.setup();
    mockPortalBilling({ home: () => json(home), refund: () => json(refund(40n, 2n, 'Failed', { amount: 75.25 })) });
    renderRoute('/payments');
    await user.click(await screen.findByRole('button', { name: 'Refund the payment of CA$75.25 on Mar 2, 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund CA$75.25' }));
    expect(await within(dialog).findByText('The processor refused the refund: The charge is too old to refund.')).toBeInTheDocument();
  });
});
