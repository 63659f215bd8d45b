import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionSummary } from '@portal/contract';
import { changeLanguage } from '@/lib/i18n/i18n';
import { names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute, type FetchCall } from '@/test/utils';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const session = (id: string, device: string, place: string, lastSeen: number, current = false): SessionSummary => ({
  id,
  device,
  // As the server splits the English name it stores.
  browser: device.split(' on ')[0]!,
  os: device.split(' on ')[1]!,
  place,
  createdAt: minutesAgo(120),
  lastSeenAt: minutesAgo(lastSeen),
  current,
});

const SESSIONS = [
  session('s-other', 'Firefox on Windows', '203.0.113.7', 5),
  session('s-me', 'Chrome on Linux', '198.51.100.2', 0, true),
];

type Handler = (call: FetchCall) => Response;

/** The auth service's session calls (and the account names the shell reads). */
const mockSessions = ({ end, endOthers }: { end?: Handler; endOthers?: Handler } = {}) => {
  let live = [...SESSIONS];
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (call.method === 'GET' && path === '/a/v1/Sessions') return json({ value: live });
    if (path === '/a/v1/Passkeys') return json({ value: [] });
    if (call.method === 'DELETE' && path.startsWith('/a/v1/Sessions/')) {
      if (end) return end(call);
      live = live.filter((s) => s.id !== decodeURIComponent(path.split('/').pop()!));
      return new Response(null, { status: 204 });
    }
    if (call.method === 'POST' && path === '/a/v1/Sessions/revoke-others') {
      if (endOthers) return endOthers(call);
      live = live.filter((s) => s.current);
      return json({ revoked: 1 });
    }
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
};

const sessionsList = () => screen.findByRole('list', { name: 'Signed-in sessions' });

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('security screen: sessions', () => {
  it('lists this device first, then the others with device, IP address and last activity', async () => {
    mockSessions();
    renderRoute('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where you are signed in' })).toBeInTheDocument();

    const items = within(await sessionsList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('IP address 198.51.100.2');
    expect(items[0]).toHaveTextContent('Active now');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Firefox on Windows');
    expect(items[1]).toHaveTextContent('Last active 5 minutes ago');
    expect(items[1]).not.toHaveTextContent('This device');
    expect(within(items[1]!).getByRole('button', { name: 'End session: Firefox on Windows (203.0.113.7)' })).toBeInTheDocument();
  });

  it('ends another session after confirmation, then says so and re-reads the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockSessions();
    renderRoute('/security');
    await user.click(await screen.findByRole('button', { name: /^End session: Firefox on Windows/ }));

    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('Firefox on Windows (203.0.113.7) will be signed out at its next action.');
    // Cancel first: nothing is ended.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^End session: Firefox on Windows/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));

    const banner = (await screen.findByText('The session on Firefox on Windows was ended.')).closest('[role="status"]');
    expect(banner).toHaveTextContent('Success:');
    // The outcome takes focus, so keyboard users land on it.
    await waitFor(() => expect(banner?.parentElement).toHaveFocus());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/a/v1/Sessions/s-other');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Signed-in sessions' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('signs out all other sessions after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockSessions();
    renderRoute('/security');
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));

    expect(await screen.findByText('All your other sessions are signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/a/v1/Sessions/revoke-others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument());
  });

  it("shows the service's reason in an error banner when a session cannot be ended", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockSessions({ end: () => json({ error: 'Session not found.' }, 404) });
    renderRoute('/security');
    await user.click(await screen.findByRole('button', { name: /^End session: Firefox on Windows/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error:');
    expect(alert).toHaveTextContent('Session not found.');
  });

  it('speaks French when French is the language', async () => {
    // Picked in the user menu, so the account's own language preference does not override it.
    await changeLanguage('fr', { remember: true });
    mockSessions();
    renderRoute('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Sessions ouvertes' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Cet appareil');
    expect(items[0]).toHaveTextContent('Chrome sur Linux');
    expect(items[1]).toHaveTextContent('Dernière activité il y a 5 minutes');
  });
});
