import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const ASKED = 'Enter the 6-digit code from your authenticator app.';
const WRONG = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';

/** The auth service with two-factor sign-in on: the password alone is not enough; 123456 and a recovery code are. */
const backend = () => {
  const fake = mockFetch(({ url, body }) => {
    if (url.pathname !== '/a/v1/Authenticate') return json({ error: 'not in this test' }, 404);
    const { otp } = body as { otp?: string };
    if (otp === '123456' || otp === 'abcde-12345') return json({ successful: true, token: makeToken(), error: null });
    return json({ successful: false, token: null, secondFactorRequired: 'totp', error: otp ? WRONG : ASKED });
  });
  // The sign-in calls only (the page also asks which single sign-on providers work).
  return { logins: () => fake.calls.filter((call) => call.url.pathname === '/a/v1/Authenticate') };
};

describe('/login with two-factor sign-in', () => {
  it('asks for the verification code, focuses it, and signs in with username, password and code', async () => {
    const { logins } = backend();
    const { router } = renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'staff');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2025!');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const code = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription(ASKED);
    // Not a failure: no red banner.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Empty: said beside the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(code).toHaveAccessibleDescription('Enter the code from your authenticator app, or a recovery code.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(logins()).toHaveLength(1);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(WRONG));
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logins().map((c) => c.body)).toEqual([
      { username: 'staff', password: 'Demo-Pass-2025!' },
      { username: 'staff', password: 'Demo-Pass-2025!', otp: '654321' },
      { username: 'staff', password: 'Demo-Pass-2025!', otp: '123456' },
    ]);
  });

  it('takes a recovery code, with a keyboard that has letters', async () => {
    const { logins } = backend();
    const { router } = renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'staff');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2025!');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const code = await screen.findByLabelText('Verification code');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(screen.getByRole('button', { name: 'Use the code from your app instead' })).toBeInTheDocument();
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logins().at(-1)?.body).toEqual({ username: 'staff', password: 'Demo-Pass-2025!', otp: 'abcde-12345' });
  });
});
