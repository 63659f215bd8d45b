import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIn } from '@portal/contract';
import { saveFile } from '@/lib/save-file';
import { makeToken, renderRoute } from '@/test/utils';
import { mockPortalBilling } from '@/test/portal-billing';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
  vi.mocked(saveFile).mockClear();
});

describe('"Statement" on the invoice list', () => {
  it('opens the statement dialog for the current account, ending on its today, downloads and says so', async () => {
    const user = userEvent.setup();
    const billing = mockPortalBilling();
    renderRoute('/invoices');
    const opener = await screen.findByRole('button', { name: 'Statement' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Statement of account' })).toBeInTheDocument();
    // The fixture account's billing address is in Toronto.
    await waitFor(() => expect(screen.getByLabelText(/^To/)).toHaveValue(todayIn('America/Toronto', new Date())));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(billing.callsTo('statement')[0]!.url.pathname).toBe('/b/v1/Account/1001/statement');
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.getByText('Your statement was downloaded.')).toHaveAttribute('role', 'status');
  });
});
