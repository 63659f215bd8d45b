import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const MINUTE = 60_000;
const claims = { sid: 'session-1', scopes: ['ac:1001'] };

/** The calls of the Security screen and of logging out. */
const mockAuth = () =>
  mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/a/v1/Sessions') {
      const now = new Date().toISOString();
      return json({
        value: [
          { id: 'session-1', device: 'Chrome on Linux', browser: 'Chrome', os: 'Linux', place: '198.51.100.2', createdAt: now, lastSeenAt: now, current: true },
        ],
      });
    }
    if (path === '/a/v1/Authenticate/Logout') return new Response(null, { status: 204 });
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });

/** Signed in on the Security screen with its list shown (its request is the last activity). */
const openSignedIn = async () => {
  const mock = mockAuth();
  renderRoute('/security');
  await screen.findByRole('list', { name: 'Signed-in sessions' });
  return mock;
};

const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  // Fake clock and timers that still move with real time, so Testing Library's waiting works.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.setItem('token', makeToken(claims));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('idle warning', () => {
  it('asks a minute before the idle logout; "Stay signed in" makes a request and focus goes back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = await openSignedIn();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    back.focus();

    await pass(28 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE + 1000);
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have not used the portal for a while. For your security, you will be signed out in one minute.',
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    const before = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.slice(before).map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /a/v1/Sessions']);
    await waitFor(() => expect(back).toHaveFocus());

    // The clock starts again from that request: no warning for another 29 minutes.
    await pass(28 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs out when the time is up, ending the session at the service, and the login screen says why', async () => {
    const { calls } = await openSignedIn();
    await pass(29 * MINUTE + 1000);
    await screen.findByRole('dialog', { name: 'Are you still there?' });
    await pass(MINUTE);

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were logged out after a period without activity. Please log in again.',
    );
    const logout = calls.find((c) => c.url.pathname === '/a/v1/Authenticate/Logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('"Log out" logs out at once', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = await openSignedIn();
    await pass(29 * MINUTE + 1000);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/a/v1/Authenticate/Logout')).toBe(true);
    // Chosen, not imposed: no reason to explain.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("counts another tab's requests in the same session", async () => {
    await openSignedIn();
    await pass(20 * MINUTE);
    // Another tab of this session (Remember me) made a request: its record arrives by a storage event.
    act(() => {
      localStorage.setItem('lastActivity', JSON.stringify({ sid: 'session-1', at: Date.now() }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'lastActivity' }));
    });
    await pass(10 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("ignores another session's activity", async () => {
    await openSignedIn();
    await pass(20 * MINUTE);
    act(() => {
      localStorage.setItem('lastActivity', JSON.stringify({ sid: 'someone-else', at: Date.now() }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'lastActivity' }));
    });
    await pass(9 * MINUTE + 1000);
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
  });
});
