import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderRoute } from '@/test/utils';

const PASSWORD = 'a long enough passphrase';

const submit = async (password: string, confirm: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
};

describe('/reset-password (spec §2, §5, §8)', () => {
  it('shows the password rule and sends the token from #reset', async () => {
    const { calls } = mockFetch(() => json({ successful: true, error: null }));
    renderRoute('/reset-password#reset=tok-123');
    expect(await screen.findByLabelText('New Password')).toHaveAccessibleDescription(/at least 12 characters/);
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent('Success:Your password has been updated successfully.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/a/v1/Password/SetFromResetToken');
    expect(calls[0]!.body).toEqual({ newPassword: PASSWORD, resetToken: 'tok-123' });
  });

  it('refuses passwords that do not match', async () => {
    const { fn } = mockFetch(() => json({ successful: true, error: null }));
    renderRoute('/reset-password#reset=tok-123');
    await submit(PASSWORD, `${PASSWORD}!`);
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fn).not.toHaveBeenCalled();
  });

  it('refuses passwords shorter than 12 characters', async () => {
    mockFetch(() => json({ successful: true, error: null }));
    renderRoute('/reset-password#reset=tok-123');
    await submit('short', 'short');
    expect(await screen.findByText('Password must be at least 12 characters.')).toBeInTheDocument();
  });

  it.each([
    [
      'the server error text',
      () => json({ successful: false, error: 'This reset link has expired or was already used. Request a new one.' }),
      'This reset link has expired or was already used. Request a new one.',
    ],
    ['"Failed to reset password" without text', () => json({ successful: false, error: null }), 'Failed to reset password'],
    ['the error of a failed call', () => json({ error: 'Slow down' }, 429), 'Slow down'],
  ])('shows %s', async (_name, answer, message) => {
    mockFetch(answer);
    renderRoute('/reset-password#reset=tok-123');
    await submit(PASSWORD, PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error:${message}`);
  });

  it('explains a link without a token', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new reset code' })).toHaveAttribute('href', '/forgot-password');
  });
});
