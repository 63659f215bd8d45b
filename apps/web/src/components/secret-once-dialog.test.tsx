import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { SecretOnceDialog } from './secret-once-dialog';

/** A page whose opener goes away when the dialog opens, as a form dialog does once it created the secret. */
function Page({ withReturn }: { withReturn: boolean }) {
  const [open, setOpen] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={notice} tabIndex={-1}>
        Created.
      </div>
      {!open && <button onClick={() => setOpen(true)}>Create</button>}
      {open && (
        <SecretOnceDialog
          title="Secret of Billing"
          warning="Store it now: it is not shown again."
          fields={[
            { label: 'Client ID', value: 'pc_1', copyLabel: 'Copy client ID', copiedLabel: 'Client ID copied' },
            { label: 'Client secret', value: 'pcs_secret', copyLabel: 'Copy secret', copiedLabel: 'Secret copied' },
          ]}
          doneLabel="I have stored the secret"
          onClose={() => setOpen(false)}
          returnFocusTo={withReturn ? notice : undefined}
        />
      )}
    </>
  );
}

describe('SecretOnceDialog', () => {
  it('shows each value with its copy button and the warning, and says what was copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Page withReturn />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Secret of Billing' }));
    expect(dialog.getByText('Store it now: it is not shown again.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Client ID' })).toHaveValue('pc_1');
    expect(dialog.getByRole('textbox', { name: 'Client secret' })).toHaveValue('pcs_secret');
    await user.click(dialog.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('pcs_secret');
    expect(await dialog.findByText('Secret copied')).toBeInTheDocument();
    expect(dialog.queryByText('Client ID copied')).not.toBeInTheDocument();
  });

  it.each([
    ['the element it is given', true],
    ['nowhere in particular without one', false],
  ])('returns focus on closing to %s, its opener being gone', async (_, withReturn) => {
    const user = userEvent.setup();
    render(<Page withReturn={withReturn} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notice = screen.getByText('Created.');
    if (withReturn) await waitFor(() => expect(notice).toHaveFocus());
    else expect(notice).not.toHaveFocus();
  });
});
