import { endpoints } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isCallTo } from '@/test/calls';
import { json, makeToken, mockFetch } from '@/test/utils';
import { startSession } from '@/lib/session/session-store';
import { ConfirmPasswordDialog } from './confirm-password-dialog';

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: (...args: unknown[]) => startAuthentication(...args) }));

const OPTIONS = {
  challenge: 'Y29uZmlybQ',
  rpId: 'localhost',
  userVerification: 'required',
  allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'MEU' },
  clientExtensionResults: {},
};

/** The confirmation calls: options for the person's own passkeys, then the signed challenge. */
const backend = () =>
  mockFetch((call) => {
    if (isCallTo(endpoints.passkeyConfirmOptions, call)) return json(OPTIONS);
    if (isCallTo(endpoints.confirmWithPasskey, call)) return new Response(null, { status: 204 });
    return json({ error: 'Not found' }, 404);
  });

beforeEach(() => {
  startSession(makeToken(), false);
  startAuthentication.mockReset();
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
    writable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

describe('confirming with a passkey instead of the password', () => {
  it('confirms with one of the person’s passkeys', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    startAuthentication.mockResolvedValue(ASSERTION);
    const onDone = vi.fn();
    render(<ConfirmPasswordDialog open onDone={onDone} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your password' }));
    await user.click(dialog.getByRole('button', { name: 'Use a passkey instead' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining(OPTIONS) });
    expect(calls.find((c) => isCallTo(endpoints.confirmWithPasskey, c))?.body).toEqual({ response: ASSERTION });
  });

  it('stays open and says so when the passkey dialog is closed; the password still works', async () => {
    const user = userEvent.setup();
    backend();
    startAuthentication.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const onDone = vi.fn();
    render(<ConfirmPasswordDialog open onDone={onDone} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your password' }));
    await user.click(dialog.getByRole('button', { name: 'Use a passkey instead' }));
    expect(await dialog.findByText(/No passkey was used: the request was cancelled or timed out\./)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(dialog.getByLabelText(/Password/)).toBeInTheDocument();
  });

  it('is not offered where the browser has no passkeys', async () => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    backend();
    render(<ConfirmPasswordDialog open onDone={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your password' }));
    expect(dialog.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
  });
});
