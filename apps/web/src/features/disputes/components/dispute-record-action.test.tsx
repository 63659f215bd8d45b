import { endpoints } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@/lib/query-client';
import { isCallTo } from '@/test/calls';
import { json, mockFetch } from '@/test/utils';
import { DisputeRecordAction } from './dispute-record-action';

const DAY = 86_400_000;
const record = (postedDate: string | null, amount = '2.4567') => ({
  id: 9001n,
  description: 'Call to France',
  amount,
  postedDate,
  startedAt: '2026-10-12T15:00:00Z',
});

const renderAction = (r: ReturnType<typeof record>) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DisputeRecordAction record={r} currency="CAD" />
    </QueryClientProvider>,
  );

describe('DisputeRecordAction (a call record of the usage explorer)', () => {
  it('says why a call of a period not billed yet cannot be disputed', () => {
    renderAction(record(null));
    expect(screen.getByText('This call is in a period not billed yet: it can be disputed once its invoice is issued.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('explains the 30-day rule once the window has closed', () => {
    renderAction(record(new Date(Date.now() - 45 * DAY).toISOString()));
    expect(screen.getByText(/^The terms say charge disputes must be raised within 30 days of the billing date: closed on /)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('disputes the record by its id, at most what it billed in whole cents', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) =>
      isCallTo(endpoints.createDispute, call) ? json({ error: 'unused' }, 500) : json({ error: 'Not found' }, 404),
    );
    renderAction(record(new Date(Date.now() - 3 * DAY).toISOString()));
    await user.click(screen.getByRole('button', { name: /^Dispute this charge: Call to France, / }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    expect(dialog.getByRole('textbox', { name: /Amount disputed/ })).toHaveValue('2.45');
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'I was charged twice');
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send this dispute?' })).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(calls.filter((c) => isCallTo(endpoints.createDispute, c))).toHaveLength(1));
    expect(calls.find((c) => isCallTo(endpoints.createDispute, c))!.body).toEqual({ cdrId: 9001, reason: 'Duplicate', details: '', amount: 2.45 });
  });
});
