import { endpoints, type Arrangement, type ArrangementOptions } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { CurrentAccountProvider } from '@/lib/current-account/current-account';
import { getSession, refresh as refreshSession } from '@/lib/session/session-store';
import { isCallTo } from '@/test/calls';
import { json, makeToken, mockFetch } from '@/test/utils';
import { ArrangementCard } from './arrangement-card';

const options = (eligible: boolean): ArrangementOptions => ({
  eligible,
  reason: eligible ? null : 'activeArrangement',
  amount: 100,
  currency: 'CAD',
  today: '2026-12-04',
  maxInstalments: 2,
  firstInstalment: { from: '2026-12-04', to: '2026-12-09', minimumAmount: 50 },
  restWithinDays: 15,
});

const active: Arrangement = {
  id: 5n,
  accountId: 1001n,
  status: 'Active',
  amount: 100,
  currency: 'CAD',
  paid: 60,
  paymentMethodId: null,
  instalments: [
    { date: '2026-12-06', amount: 60, state: 'Paid', paymentId: null },
    { date: '2026-12-18', amount: 40, state: 'Upcoming', paymentId: null },
  ],
  createdAt: '2026-12-04T12:00:00Z',
  byStaff: false,
  closedAt: null,
};

const backend = (latest: Arrangement | null, eligible: boolean) =>
  mockFetch((call) => {
    if (isCallTo(endpoints.arrangementOptions, call)) return json(options(eligible));
    if (isCallTo(endpoints.arrangements, call)) return json({ value: latest ? [latest] : [] });
    if (isCallTo(endpoints.paymentMethods, call)) return json({ value: [] });
    if (isCallTo(endpoints.cancelArrangement, call)) return json({ ...active, status: 'Cancelled', closedAt: '2026-12-05T10:00:00Z' });
    return json({ error: 'not mocked' }, 404);
  });

const renderCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentAccountProvider session={getSession()!}>
        <ArrangementCard accountId={1001n} />
      </CurrentAccountProvider>
    </QueryClientProvider>,
  );

describe('ArrangementCard', () => {
  afterEach(() => {
    sessionStorage.clear();
    refreshSession();
  });

  it('shows the active arrangement, what is paid and the next instalment; no cancel for a customer', async () => {
    sessionStorage.setItem('token', makeToken({ roles: [], scopes: ['ac:1001'] }));
    refreshSession();
    backend(active, false);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Payment arrangement' });
    expect(await within(card).findByText('Next instalment: $40.00 on Dec 18, 2026 (Upcoming)')).toBeInTheDocument();
    expect(within(card).getByText('$60.00 paid of $100.00')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Cancel arrangement' })).not.toBeInTheDocument();
  });

  it('offers Arrange to pay and opens the dialog with the suggested instalments', async () => {
    sessionStorage.setItem('token', makeToken({ roles: [], scopes: ['ac:1001'] }));
    refreshSession();
    backend(null, true);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Arrange to pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arrange to pay' });
    expect(within(dialog).getByRole('textbox', { name: /Amount of instalment 1/ })).toHaveValue('50.00');
    expect(within(dialog).getByRole('textbox', { name: /Amount of instalment 2/ })).toHaveValue('50.00');
  });

  it('lets Staff cancel an active arrangement after confirming', async () => {
    sessionStorage.setItem('token', makeToken({ sub: '7', roles: ['Staff'], scopes: [] }));
    refreshSession();
    const { calls } = backend(active, false);
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel arrangement' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this payment arrangement?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel arrangement' }));
    await waitFor(() => expect(calls.some((c) => isCallTo(endpoints.cancelArrangement, c) && c.url.pathname.endsWith('/5/cancel'))).toBe(true));
  });
});
