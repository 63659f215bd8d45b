import type { Notification } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { mockPortalBilling } from '@/test/portal-billing';
import { json, makeToken, renderRoute } from '@/test/utils';

const note = (id: bigint, kind: string, data: Record<string, unknown> | null, message = 'Stored text.'): Notification => ({
  id,
  accountId: 1001n,
  kind,
  message,
  data,
  createdAt: '2026-11-24T15:30:00Z',
});

const NOTES = [
  note(3n, 'payment_failed', { paymentId: '9', amount: '60.00', currency: 'CAD', reason: 'Your card was declined.', automatic: false }),
  note(2n, 'invoice_posted', { invoiceId: '5', invoiceNumber: 'INV-100', amount: '66.35', currency: 'CAD', dueDate: '2026-12-20' }),
  note(1n, 'older_kind', null, 'A text only the server knows.'),
];

/** A fake Notification service holding `notes`; clear and clear all remove them. */
const notificationService = (notes: Notification[]) => {
  let open = [...notes];
  return mockPortalBilling({
    notifications: (call) => {
      const take = Number(call.url.searchParams.get('take') ?? 100);
      return json({ value: open.slice(0, take), count: open.length });
    },
    clearNotification: (call) => {
      open = open.filter((n) => String(n.id) !== call.url.searchParams.get('notificationId'));
      return json(true);
    },
    clearAllNotifications: () => {
      open = [];
      return json(true);
    },
  });
};

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('the notification bell', () => {
  it('names the unread count, lists the notifications worded in the page’s language, and clears one', async () => {
    const user = userEvent.setup();
    const service = notificationService(NOTES);
    renderRoute('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(service.callsTo('notifications')[0]!.url.searchParams.get('accountId')).toBe('1001');
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
      'Your payment of $60.00 failed: Your card was declined.',
      'Invoice INV-100 of $66.35 is ready; it is due 20 Dec 2026.',
      'A text only the server knows.',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Clear: Invoice INV-100 of $66.35 is ready; it is due 20 Dec 2026.' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Notification cleared.');
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(service.callsTo('clearNotification').map((c) => c.url.searchParams.get('notificationId'))).toEqual(['2']);
    // (Behind the open panel, the page is hidden from assistive technology.)
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeInTheDocument();
  });

  it('links each notification to the page it is about, and closes as that page opens', async () => {
    const user = userEvent.setup();
    notificationService(NOTES);
    const { router } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('link', { name: 'Your payment of $60.00 failed: Your card was declined.' })).toHaveAttribute('href', '/payments');
    expect(within(panel).getByRole('link', { name: 'A text only the server knows.' })).toHaveAttribute('href', '/');
    await user.click(within(panel).getByRole('link', { name: /^Invoice INV-100/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/5'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('clears all only after confirming, and gives focus back to the bell on Escape', async () => {
    const user = userEvent.setup();
    const service = notificationService(NOTES);
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('listitem');
    const clearAll = within(panel).getByRole('button', { name: 'Clear all' });
    await user.click(clearAll);
    let confirm = await screen.findByRole('dialog', { name: 'Clear all notifications?' });
    expect(confirm).toHaveAccessibleDescription('All 3 notifications of this account will be removed from the list. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(clearAll).toHaveFocus());
    expect(service.callsTo('clearAllNotifications')).toEqual([]);

    await user.click(clearAll);
    confirm = await screen.findByRole('dialog', { name: 'Clear all notifications?' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear all' }));
    expect(await within(panel).findByText('You have no notifications.')).toBeInTheDocument();
    expect(service.callsTo('clearAllNotifications').map((c) => c.url.searchParams.get('accountId'))).toEqual(['1001']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell).toHaveFocus());
  });

  it('says it in French', async () => {
    await changeLanguage('fr', { remember: true });
    const user = userEvent.setup();
    notificationService(NOTES.slice(0, 2));
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent!.replace(/\s/g, ' '))).toEqual([
      'Votre paiement de 60,00 $ a échoué : Your card was declined.',
      'La facture INV-100 de 66,35 $ est prête ; elle est payable au plus tard le 20 déc. 2026.',
    ]);
    expect(within(panel).getByRole('button', { name: 'Tout effacer' })).toBeInTheDocument();
  });

  it('shows no count when there is nothing unread, and an error in the panel when the list fails', async () => {
    const user = userEvent.setup();
    mockPortalBilling({
      notifications: (call) => (call.url.searchParams.get('take') === '1' ? json({ value: [], count: 0 }) : json({ error: 'Down' }, 500)),
    });
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to load notifications. Please try again later.');
  });
});

describe('the bell’s count', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not polled (a request would count as activity and keep an idle session alive), but re-read on navigation once stale', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const service = notificationService(NOTES);
    const { router } = renderRoute('/');
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const asked = () => service.callsTo('notifications').length;
    const first = asked();
    await act(async () => void (await vi.advanceTimersByTimeAsync(10 * 60_000)));
    expect(asked()).toBe(first);
    await act(async () => void (await router.navigate('/payments')));
    await waitFor(() => expect(asked()).toBe(first + 1));
  });
});
