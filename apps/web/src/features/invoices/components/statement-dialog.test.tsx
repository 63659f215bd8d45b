import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { registerLocales } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { saveFile } from '@/lib/save-file';
import { json } from '@/test/utils';
import { mockPortalBilling, never } from '@/test/portal-billing';
import { invoicesLocales } from '../locales';
import { StatementDialog } from './statement-dialog';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

await registerLocales('invoices', invoicesLocales);

beforeEach(() => vi.mocked(saveFile).mockClear());

/** The dialog behind its opener, as the invoice list has it. */
function Harness({ onDownloaded }: { onDownloaded: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Statement
      </button>
      <StatementDialog open={open} onOpenChange={setOpen} accountId={1001n} today="2026-11-25" onDownloaded={onDownloaded} />
    </>
  );
}

const open = async () => {
  const user = userEvent.setup();
  const onDownloaded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onDownloaded={onDownloaded} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Statement' }));
  return { user, onDownloaded, dialog: await screen.findByRole('dialog', { name: 'Statement of account' }) };
};

describe('the statement dialog', () => {
  it('starts with the last three months up to the account’s today, as a PDF', async () => {
    mockPortalBilling();
    await open();
    expect(screen.getByLabelText(/^From/)).toHaveValue('2026-09-01');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2026-11-25');
    expect(screen.getByRole('radio', { name: /PDF/ })).toBeChecked();
  });

  it('downloads the chosen period as CSV, closes, and gives focus back to its opener', async () => {
    const billing = mockPortalBilling();
    const { user, onDownloaded } = await open();
    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), '2025-01-01');
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), '2025-12-31');
    await user.click(screen.getByRole('radio', { name: /CSV/ }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('Statement-2025-01-01-to-2025-12-31.csv');
    const [call] = billing.callsTo('statement');
    expect(call!.url.pathname).toBe('/b/v1/Account/1001/statement');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ from: '2025-01-01', to: '2025-12-31', format: 'csv' });
    expect(onDownloaded).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Statement' })).toHaveFocus();
  });

  it.each([
    ['from after to', '2025-02-01', '2025-01-31', 'From', 'The start date must be on or before the end date.'],
    ['more than 5 years', '2020-01-01', '2025-01-01', 'To', 'A statement covers at most 5 years. Choose a shorter period.'],
    ['no start date', '', '2025-01-31', 'From', 'Enter a date.'],
  ])('refuses %s beside the field, requests nothing and focuses it', async (_case, from, to, field, message) => {
    const billing = mockPortalBilling();
    const { user } = await open();
    await user.clear(screen.getByLabelText(/^From/));
    if (from) await user.type(screen.getByLabelText(/^From/), from);
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), to);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const input = screen.getByLabelText(new RegExp(`^${field}`));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the dates below.');
    expect(billing.callsTo('statement')).toHaveLength(0);
  });

  it('shows the server’s reason when the download fails, and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({ statement: () => json({ error: 'The period holds more than 1000 entries; choose a shorter period.' }, 400) });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The period holds more than 1000 entries; choose a shorter period.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('keeps the dialog open and busy while downloading', async () => {
    mockPortalBilling({ statement: never });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('button', { name: 'Downloading...' })).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
