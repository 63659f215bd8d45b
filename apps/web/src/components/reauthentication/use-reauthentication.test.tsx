import { endpoints } from '@portal/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { isCallTo } from '@/test/calls';
import { json, makeToken, mockFetch } from '@/test/utils';
import { api, errorMessage } from '@/lib/api/client';
import { getSession, startSession } from '@/lib/session/session-store';
import { useReauthentication } from './use-reauthentication';

const STEP_UP = 'For your security, confirm your password to make this change.';
const challenge = () =>
  json({ error: STEP_UP }, 401, { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=600' });

/** A screen with one sensitive change (turning two-factor off) and its outcome. */
function Harness() {
  const reauthentication = useReauthentication();
  const [outcome, setOutcome] = useState('');
  const change = () =>
    reauthentication.run(() => api.call(endpoints.twoFactorDisable, { body: { code: '123456' } })).then(
      () => setOutcome('changed'),
      (error: unknown) => setOutcome(`refused: ${errorMessage(error, '')}`),
    );
  return (
    <>
      <button type="button" onClick={() => void change()}>
        Turn off
      </button>
      <p data-testid="outcome">{outcome}</p>
      {reauthentication.dialog}
    </>
  );
}

/** The service: the change is refused until the password `right` is confirmed. */
const backend = () => {
  let confirmed = false;
  return mockFetch((call) => {
    if (isCallTo(endpoints.confirmPassword, call)) {
      if ((call.body as { password: string }).password !== 'right') return json({ error: 'The password is incorrect.' }, 400);
      confirmed = true;
      return new Response(null, { status: 204 });
    }
    if (isCallTo(endpoints.twoFactorDisable, call)) return confirmed ? new Response(null, { status: 204 }) : challenge();
    return json({ error: 'Not found' }, 404);
  });
};

beforeEach(() => startSession(makeToken(), false));

describe('useReauthentication', () => {
  it('asks for the password on the step-up challenge, then makes the change once more; focus returns', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Turn off' });
    await user.click(button);

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your password' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Password is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Password/), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('The password is incorrect.')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/Password/));
    await user.type(dialog.getByLabelText(/Password/), 'right{Enter}');

    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('changed'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.twoFactorDisable, c))).toHaveLength(2);
    expect(getSession()).not.toBeNull();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('cancelling leaves the change undone with the reason, and the person signed in', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your password' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent(`refused: ${STEP_UP}`));
    expect(calls.filter((c) => isCallTo(endpoints.confirmPassword, c))).toHaveLength(0);
    expect(getSession()).not.toBeNull();
  });

  it('lets every other failure through without asking', async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ error: 'The code is not right.' }, 400));
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('refused: The code is not right.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
