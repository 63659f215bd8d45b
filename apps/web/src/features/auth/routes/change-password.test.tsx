import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const CURRENT = 'Correct-Horse-42!';
const NEW = 'Lantern-Orbit-Meadow-73';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The auth service: the person's passkeys (one added an hour ago, one two days ago) and the change. */
const backend = (passkeys = [
  { id: 2, name: 'Chrome on Linux', createdAt: minutesAgo(60), lastUsedAt: null, backedUp: false },
  { id: 1, name: 'Safari on iOS', createdAt: minutesAgo(48 * 60), lastUsedAt: null, backedUp: true },
]) => {
  const mock = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/a/v1/Passkeys') return json({ value: passkeys });
    if (path === '/a/v1/Password/Change') return json({ successful: true, error: null });
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
  return { ...mock, changes: () => mock.calls.filter((c) => c.url.pathname === '/a/v1/Password/Change') };
};

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText('Current Password'), CURRENT);
  await user.type(screen.getByLabelText('New Password'), NEW);
  await user.type(screen.getByLabelText('Confirm New Password'), NEW);
};

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '7', scopes: ['ac:1001'] }));
});

describe('/password: passkeys added in the last 24 hours', () => {
  it('are offered for removal with the change; ticked, the change removes them and says so', async () => {
    const user = userEvent.setup();
    const { changes } = backend();
    renderRoute('/password');
    const group = await screen.findByRole('group', { name: 'A passkey was added to your account in the last 24 hours' });
    expect(group).toHaveTextContent('Chrome on Linux, added');
    // Only the recent one: the passkey of two days ago is not named.
    expect(group).not.toHaveTextContent('Safari on iOS');
    await fill(user);
    await user.click(within(group).getByRole('checkbox', { name: 'Also remove this passkey' }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(/Your password has been changed\. The passkeys added in the last 24 hours were removed\./)).toBeInTheDocument();
    expect(changes()[0]!.body).toEqual({ currentPassword: CURRENT, newPassword: NEW, removeRecentPasskeys: true });
  });

  it('left unticked, the change keeps every passkey', async () => {
    const user = userEvent.setup();
    const { changes } = backend();
    renderRoute('/password');
    await screen.findByRole('checkbox', { name: 'Also remove this passkey' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(changes()[0]!.body).toEqual({ currentPassword: CURRENT, newPassword: NEW });
  });

  it('without recent passkeys, nothing is offered', async () => {
    backend([{ id: 1, name: 'Safari on iOS', createdAt: minutesAgo(48 * 60), lastUsedAt: null, backedUp: true }]);
    renderRoute('/password');
    await screen.findByLabelText('Current Password');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('speaks French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    backend();
    renderRoute('/password');
    expect(await screen.findByRole('group', { name: 'Une clé d’accès a été ajoutée à votre compte au cours des dernières 24 heures' })).toHaveTextContent(
      'Chrome on Linux, ajoutée le',
    );
    expect(screen.getByRole('checkbox', { name: 'Retirer aussi cette clé d’accès' })).toBeInTheDocument();
  });
});
