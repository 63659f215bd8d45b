import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, mockFetch, renderRoute, type FetchCall } from '@/test/utils';

const PASSWORD = 'a long enough passphrase';
const USED = 'This reset link has expired or was already used. Request a new one.';

/** The auth service: the link check answers `check`; setting the password answers `set`. */
const backend = (set: () => Response = () => json({ successful: true, error: null }), check = () => json({ successful: true, error: null, recentPasskeys: [] })) => {
  const mock = mockFetch((call) => (call.url.pathname === '/a/v1/Password/CheckResetToken' ? check() : set()));
  return { ...mock, sets: () => mock.calls.filter((c: FetchCall) => c.url.pathname === '/a/v1/Password/SetFromResetToken') };
};

const submit = async (password: string, confirm: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
};

describe('/reset-password', () => {
  it('shows the password rule and sends the token from #reset', async () => {
    const { calls, sets } = backend();
    renderRoute('/reset-password#reset=tok-123');
    expect(await screen.findByLabelText('New Password')).toHaveAccessibleDescription(/at least 12 characters/);
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent('Success:Your password has been updated successfully.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/a/v1/Password/CheckResetToken');
    expect(calls[0]!.body).toEqual({ resetToken: 'tok-123' });
    expect(sets()).toHaveLength(1);
    expect(sets()[0]!.body).toEqual({ newPassword: PASSWORD, resetToken: 'tok-123' });
  });

  it('refuses passwords that do not match', async () => {
    const { sets } = backend();
    renderRoute('/reset-password#reset=tok-123');
    await submit(PASSWORD, `${PASSWORD}!`);
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(sets()).toHaveLength(0);
  });

  it('refuses passwords shorter than 12 characters', async () => {
    backend();
    renderRoute('/reset-password#reset=tok-123');
    await submit('short', 'short');
    expect(await screen.findByText('Password must be at least 12 characters.')).toBeInTheDocument();
  });

  it.each([
    [
      'the server error text',
      () => json({ successful: false, error: USED }),
      USED,
    ],
    ['"Failed to reset password" without text', () => json({ successful: false, error: null }), 'Failed to reset password'],
    ['the error of a failed call', () => json({ error: 'Slow down' }, 429), 'Slow down'],
  ])('shows %s', async (_name, answer, message) => {
    backend(answer);
    renderRoute('/reset-password#reset=tok-123');
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error:${message}`);
  });

  it('says at once when the link was already used or expired, and offers a new one', async () => {
    const { sets } = backend(undefined, () => json({ successful: false, error: USED, recentPasskeys: [] }));
    renderRoute('/reset-password#reset=tok-used');
    expect(await screen.findByRole('alert')).toHaveTextContent(USED);
    expect(screen.getByRole('link', { name: 'Request a new reset code' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(sets()).toHaveLength(0);
  });

  it('keeps the form when the link cannot be checked', async () => {
    backend(undefined, () => json({ error: 'Service unavailable' }, 503));
    renderRoute('/reset-password#reset=tok-123');
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been updated successfully.');
  });

  it('explains a link without a token', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new reset code' })).toHaveAttribute('href', '/forgot-password');
  });

  it('offers to remove the passkeys added in the last 24 hours, and removes them with the reset when asked', async () => {
    const { sets } = backend(undefined, () =>
      json({ successful: true, error: null, recentPasskeys: [{ name: 'Chrome on Linux', createdAt: '2026-03-03T09:30:00Z' }] }),
    );
    renderRoute('/reset-password#reset=tok-123');
    const group = await screen.findByRole('group', { name: 'A passkey was added to your account in the last 24 hours' });
    expect(group).toHaveTextContent('Chrome on Linux, added');
    const choice = screen.getByRole('checkbox', { name: 'Also remove this passkey' });
    expect(choice).not.toBeChecked();
    expect(choice).toHaveAccessibleDescription(/a passkey signs in without your password/);
    await userEvent.setup().click(choice);
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been updated successfully. The passkeys added in the last 24 hours were removed.',
    );
    expect(sets()[0]!.body).toEqual({ newPassword: PASSWORD, resetToken: 'tok-123', removeRecentPasskeys: true });
  });

  it('keeps the passkeys when the choice is left unticked, and offers nothing without recent ones', async () => {
    const { sets } = backend(undefined, () =>
      json({ successful: true, error: null, recentPasskeys: [{ name: 'Chrome on Linux', createdAt: '2026-03-03T09:30:00Z' }] }),
    );
    renderRoute('/reset-password#reset=tok-123');
    await screen.findByRole('checkbox', { name: 'Also remove this passkey' });
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Success:Your password has been updated successfully\.$/);
    expect(sets()[0]!.body).toEqual({ newPassword: PASSWORD, resetToken: 'tok-123' });
  });

  it('opens from an invitation (#invite) as "Set your password", sending its token the same way', async () => {
    const { calls, sets } = backend();
    renderRoute('/reset-password#invite=inv-456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Set your password/);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm New Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is set. Sign in with your email address and this password.');
    expect(calls[0]!.body).toEqual({ resetToken: 'inv-456' });
    expect(sets()[0]!.body).toEqual({ newPassword: PASSWORD, resetToken: 'inv-456' });
  });

  it('says when an invitation link was already used, and how to set a password anyway', async () => {
    backend(undefined, () => json({ successful: false, error: USED, recentPasskeys: [] }));
    renderRoute('/reset-password#invite=inv-used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link has expired or was already used. Request a reset code with your email address');
    expect(screen.getByRole('link', { name: 'Request a new reset code' })).toHaveAttribute('href', '/forgot-password');
  });

  it('offers the choice in French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    backend(undefined, () =>
      json({
        successful: true,
        error: null,
        recentPasskeys: [
          { name: 'Chrome on Linux', createdAt: '2026-03-03T09:30:00Z' },
          { name: 'Safari on iOS', createdAt: '2026-03-03T08:30:00Z' },
        ],
      }),
    );
    renderRoute('/reset-password#reset=tok-123');
    expect(await screen.findByRole('group', { name: '2 clés d’accès ont été ajoutées à votre compte au cours des dernières 24 heures' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Retirer aussi ces 2 clés d’accès' })).toBeInTheDocument();
  });

  it('reads an invitation in French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    backend();
    renderRoute('/reset-password#invite=inv-456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le mot de passe' })).toBeInTheDocument();
  });
});
