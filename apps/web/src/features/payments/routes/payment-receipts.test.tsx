import type { HomeModel } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveFile } from '@/lib/save-file';
import { homeModel } from '@/test/fixtures';
import { json, makeToken, renderRoute } from '@/test/utils';
import { mockPortalBilling, never, recentPayment, wideScreen } from '@/test/portal-billing';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
  vi.mocked(saveFile).mockClear();
});

const home: HomeModel = {
  ...homeModel([[-120.5, 'CAD']]),
  recentPayments: [
    recentPayment(5n, 'Successful', { date: '2025-05-02T15:00:00Z', amount: 50 }),
    recentPayment(4n, 'InProgress', { date: '2025-04-28T15:00:00Z', amount: 30 }),
    recentPayment(3n, 'Error', { date: '2025-04-20T15:00:00Z', amount: 20 }),
    recentPayment(2n, 'Successful', { date: '2025-03-02T15:00:00Z', amount: 75.25 }),
  ],
};

describe('receipts in Payment History', () => {
  it('offers a receipt for each successful payment only, named by its amount and date', async () => {
    wideScreen();
    mockPortalBilling({ home: () => json(home) });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(within(table).getAllByRole('button', { name: /^Download receipt/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Download receipt for the payment of $50.00 on May 2, 2025',
      'Download receipt for the payment of $75.25 on Mar 2, 2025',
    ]);
  });

  it('downloads the receipt with the session and saves it under the server’s file name', async () => {
    wideScreen();
    const user = userEvent.setup();
    const billing = mockPortalBilling({ home: () => json(home) });
    renderRoute('/payments');
    await user.click(await screen.findByRole('button', { name: 'Download receipt for the payment of $75.25 on Mar 2, 2025' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('Receipt-2.pdf');
    expect(await blob.text()).toBe('%PDF-1.3 test');
    const [call] = billing.callsTo('receipt');
    expect(call!.url.pathname).toBe('/b/v1/Payment/2/receipt');
    expect(call!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('shows the button busy while the receipt downloads', async () => {
    const user = userEvent.setup();
    mockPortalBilling({ home: () => json(home), receipt: never });
    renderRoute('/payments');
    const button = await screen.findByRole('button', { name: 'Download receipt for the payment of $50.00 on May 2, 2025' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('says why when the receipt cannot be had, and saves nothing', async () => {
    const user = userEvent.setup();
    const message = 'This payment did not succeed, so nothing was received and there is no receipt.';
    mockPortalBilling({ home: () => json(home), receipt: () => json({ error: message }, 409) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/payments');
    await user.click(await screen.findByRole('button', { name: 'Download receipt for the payment of $50.00 on May 2, 2025' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
