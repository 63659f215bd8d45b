import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderRoute } from '@/test/utils';

const submit = async (value: string) => {
  const user = userEvent.setup();
  if (value) await user.type(await screen.findByLabelText('Username or Email Address'), value);
  await user.click(await screen.findByRole('button', { name: 'Send Reset Code' }));
};

describe('/forgot-password', () => {
  it('sends the reset email request and hides the form on success', async () => {
    const { calls } = mockFetch(() => json(true));
    renderRoute('/forgot-password');
    await submit('casey');
    expect(await screen.findByRole('status')).toHaveTextContent('Success:A reset code has been sent to your email.');
    expect(screen.queryByLabelText('Username or Email Address')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    expect(calls[0]!.url.pathname).toBe('/a/v1/Password/ResetEmail');
    expect(calls[0]!.body).toEqual({ username: 'casey', validateURL: 'http://localhost:3000/reset-password', brand: 'portal' });
  });

  it.each([
    [
      'an email address and a false answer',
      'casey@example.com',
      () => json(false),
      'Failed to send reset code.  There may be multiple users with the same email address.  Please contact support.',
    ],
    ['a username and a false answer', 'casey', () => json(false), 'Failed to send reset code'],
    ['a failed call with server text', 'casey', () => json({ error: 'Too many requests' }, 429), 'Too many requests'],
    ['a failed call without text', 'casey', () => json('', 500), 'An unexpected server error occurred.'],
  ])('shows the error for %s', async (_name, value, answer, message) => {
    mockFetch(answer);
    renderRoute('/forgot-password');
    await submit(value);
    // Exact text: the spec's message has double spaces, which toHaveTextContent would collapse.
    expect((await screen.findByRole('alert')).textContent).toBe(`Error:${message}`);
    expect(screen.getByLabelText('Username or Email Address')).toBeInTheDocument();
  });

  it('requires the field ("Please enter a valid email address.")', async () => {
    const { fn } = mockFetch(() => json(true));
    renderRoute('/forgot-password');
    await submit('');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });
});
