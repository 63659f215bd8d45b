import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { accountDetails, names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

/** docs/decisions/0015-screens-fit-a-phone.md: leaving Account Information with unsaved edits asks first. */
const mockAccount = () =>
  mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/b/v1/Account/details/1001') return json(accountDetails(1001n));
    if (path === '/b/v1/Account/1001/history') return json({ value: [], count: 0 });
    if (call.method === 'PUT' && path === '/b/v1/Account/customerdetails') return json(true);
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });

/** Fires the event a tab close or reload fires; true when the page asked the browser to prompt. */
const unloadIsHeld = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const startEditing = async (user: ReturnType<typeof userEvent.setup>) => {
  const rendered = renderRoute('/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  const city = await screen.findByRole('textbox', { name: 'City' });
  return { ...rendered, city };
};

describe('unsaved changes on Account Information', () => {
  it('asks before leaving with edits; staying keeps them and gives focus back; leaving goes', async () => {
    const user = userEvent.setup();
    mockAccount();
    const { router, city } = await startEditing(user);
    await user.clear(city);
    await user.type(city, 'Ottawa');

    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    await user.click(back);
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have changes to your account information that are not saved. If you leave this page, they will be lost.',
    );
    expect(router.state.location.pathname).toBe('/profile');
    // Staying is the first choice (the close button aside), and keeps everything as it was.
    const buttons = within(dialog).getAllByRole('button').map((b) => b.textContent);
    expect(buttons.slice(-2)).toEqual(['Stay on this page', 'Leave without saving']);
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Ottawa');
    await waitFor(() => expect(back).toHaveFocus());

    // Escape stays too.
    await user.click(back);
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');

    // Leaving goes.
    await user.click(back);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a history move too (the browser\'s Back)', async () => {
    const user = userEvent.setup();
    mockAccount();
    const { router } = renderRoute('/user/details');
    await router.navigate('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(await screen.findByRole('textbox', { name: 'City' }), ' East');
    await router.navigate(-1);
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/details'));
  });

  it('holds a tab close or reload only while something is not saved', async () => {
    const user = userEvent.setup();
    mockAccount();
    const { city } = await startEditing(user);
    expect(unloadIsHeld()).toBe(false);
    await user.type(city, 'x');
    expect(unloadIsHeld()).toBe(true);
    // Typing the saved value back is nothing to lose.
    await user.type(city, '{Backspace}');
    expect(unloadIsHeld()).toBe(false);
    await user.type(city, 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(unloadIsHeld()).toBe(false);
  });

  it('does not ask when nothing changed, after Cancel, or after saving', async () => {
    const user = userEvent.setup();
    mockAccount();
    const { router, city } = await startEditing(user);
    // Editing without a change.
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(city).not.toBeInTheDocument());

    // After Cancel.
    await router.navigate('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // After saving.
    await router.navigate('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Account details updated successfully!')).toBeInTheDocument();
    expect(unloadIsHeld()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never holds signing out (Log off, the idle timeout, a 401)', async () => {
    const user = userEvent.setup();
    mockAccount();
    const { router, city } = await startEditing(user);
    await user.type(city, 'x');
    await router.navigate('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('asks before switching account in the selector (not a navigation), and switches only on Leave', async () => {
    sessionStorage.setItem('token', makeToken({ scopes: ['ac:10'] }));
    mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/b/v1/Account/names') return json(names([10n, 'Zeta Family', null], [11n, 'Zeta Kids', 10n]));
      const details = /^\/b\/v1\/Account\/details\/(\d+)$/.exec(path);
      if (details) return json(accountDetails(BigInt(details[1]!)));
      if (/^\/b\/v1\/Account\/\d+\/history$/.test(path)) return json({ value: [], count: 0 });
      return json({ error: `No fake for ${call.method} ${path}` }, 404);
    });
    const user = userEvent.setup();
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'x');

    const switchTo = async (text: string) => {
      const [trigger] = await screen.findAllByRole('button', { name: /Account\s*Zeta Family/ });
      await user.click(trigger!);
      await user.keyboard(text);
      await user.keyboard('{Enter}');
    };
    await switchTo('kids');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('currentAccountId')).not.toBe('11');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Torontox');

    await switchTo('kids');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(localStorage.getItem('currentAccountId')).toBe('11'));
    // The other account's page, not editing.
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(unloadIsHeld()).toBe(false);
  });

  it('asks in French', async () => {
    await changeLanguage('fr', { remember: true });
    const user = userEvent.setup();
    mockAccount();
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Modifier le profil' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ville' }), 'x');
    await user.click(screen.getByRole('link', { name: /tableau de bord/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer?' });
    expect(dialog).toHaveAccessibleDescription(
      'Vos modifications des renseignements du compte ne sont pas enregistrées. Si vous quittez cette page, elles seront perdues.',
    );
    expect(within(dialog).getByRole('button', { name: 'Rester sur cette page' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' })).toBeInTheDocument();
  });
});
