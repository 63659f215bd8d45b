import { endpoints, type ApiClient } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isCallTo } from '@/test/calls';
import { wideScreen } from '@/test/portal-billing';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const client = (id: number, fields: Partial<ApiClient>): ApiClient => ({
  id: BigInt(id),
  clientId: `pc_client${id}`,
  name: `Client ${id}`,
  scopes: ['usage:write'],
  status: 'active',
  createdAt: '2026-11-01T12:00:00.000Z',
  secretIssuedAt: '2026-11-01T12:00:00.000Z',
  previousSecretExpiresAt: null,
  disabledAt: null,
  ...fields,
});

const CLIENTS = [
  client(2, { name: 'Rating engine', scopes: ['invoices:write', 'usage:write'], previousSecretExpiresAt: '2026-11-20T12:00:00.000Z' }),
  client(1, { name: 'Old BSS', status: 'disabled', disabledAt: '2026-11-02T12:00:00.000Z' }),
];

const backend = () =>
  mockFetch((call) => {
    if (isCallTo(endpoints.listApiClients, call)) return json(CLIENTS);
    if (isCallTo(endpoints.createApiClient, call)) {
      const body = call.body as { name: string; scopes: ApiClient['scopes'] };
      return json({ client: client(3, body), clientSecret: 'pcs_the-secret-shown-once' });
    }
    if (isCallTo(endpoints.rotateApiClientSecret, call)) return json({ client: CLIENTS[0]!, clientSecret: 'pcs_rotated-secret' });
    if (isCallTo(endpoints.disableApiClient, call)) return json({ ...CLIENTS[0]!, status: 'disabled' });
    return json({ error: 'Not found' }, 404);
  });

const rowOf = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }));

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '1', name: 'Ada Admin', roles: ['Admin'], scopes: [] }));
});

describe('/admin/api-clients', () => {
  // The table's tests: a wide screen (each is restored after its test).
  beforeEach(() => {
    wideScreen();
  });

  it('lists clients with their scopes and state; only active ones can be rotated or disabled', async () => {
    backend();
    renderRoute('/admin/api-clients');
    // The first render of the suite loads the lazy route and its texts.
    const rating = within(await screen.findByRole('row', { name: /Rating engine/ }, { timeout: 10_000 }));
    expect(screen.getByRole('heading', { level: 1, name: 'API clients' })).toBeInTheDocument();
    expect(rating.getByText('Active')).toBeInTheDocument();
    expect(rating.getByText('Invoices')).toBeInTheDocument();
    expect(rating.getByText('Usage')).toBeInTheDocument();
    expect(rating.getByText('pc_client2')).toBeInTheDocument();
    expect(rating.getByText(/^Previous secret works until Nov 20, 2026/)).toBeInTheDocument();
    expect(rating.getByRole('button', { name: 'Rotate secret: Rating engine' })).toBeInTheDocument();
    const old = rowOf('Old BSS');
    expect(old.getByText('Disabled')).toBeInTheDocument();
    expect(old.queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a client with the scopes chosen and shows its secret once, with a warning and a copy button', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/admin/api-clients');
    await user.click(await screen.findByRole('button', { name: 'Create API client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API client' }));
    await user.click(dialog.getByRole('button', { name: 'Create API client' }));
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(calls.some((c) => isCallTo(endpoints.createApiClient, c))).toBe(false);

    await user.type(dialog.getByRole('textbox', { name: /Name/ }), 'Collections');
    await user.click(dialog.getByRole('checkbox', { name: /Payments \(payments:write\)/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Accounts \(accounts:write\)/ }));
    await user.click(dialog.getByRole('button', { name: 'Create API client' }));

    const secret = within(await screen.findByRole('dialog', { name: 'Secret of Collections' }));
    expect(calls.find((c) => isCallTo(endpoints.createApiClient, c))!.body).toEqual({ name: 'Collections', scopes: ['payments:write', 'accounts:write'] });
    expect(secret.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(secret.getByRole('textbox', { name: 'Client secret' })).toHaveValue('pcs_the-secret-shown-once');
    await user.click(secret.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('pcs_the-secret-shown-once');
    expect(await secret.findByText('Secret copied')).toBeInTheDocument();
    await user.click(secret.getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('pcs_the-secret-shown-once')).not.toBeInTheDocument();
    expect(screen.getByText('API client Collections created.')).toBeInTheDocument();
    // The create dialog that opened it is gone: focus goes to the message of what was done.
    await waitFor(() => expect(screen.getByText('API client Collections created.').closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('rotates with the grace period picked, and disables after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/api-clients');
    await user.click(await screen.findByRole('button', { name: 'Rotate secret: Rating engine' }));
    const rotate = within(await screen.findByRole('dialog', { name: 'Rotate the secret of Rating engine' }));
    await user.selectOptions(rotate.getByRole('combobox', { name: 'Grace period of the current secret' }), '7 days');
    await user.click(rotate.getByRole('button', { name: 'Rotate secret' }));
    const secret = within(await screen.findByRole('dialog', { name: 'Secret of Rating engine' }));
    expect(calls.find((c) => isCallTo(endpoints.rotateApiClientSecret, c))!.body).toEqual({ gracePeriodMinutes: 10080 });
    expect(secret.getByRole('textbox', { name: 'Client secret' })).toHaveValue('pcs_rotated-secret');
    await user.click(secret.getByRole('button', { name: 'I have stored the secret' }));

    await user.click(screen.getByRole('button', { name: 'Disable: Rating engine' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Disable Rating engine?' }));
    expect(confirm.getByText(/current tokens are refused at once/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('API client Rating engine disabled.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.disableApiClient, c))).toHaveLength(1);
  });

  it('reads in French', async () => {
    backend();
    await changeLanguage('fr');
    renderRoute('/admin/api-clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients API' })).toBeInTheDocument();
    const rating = within(await screen.findByRole('row', { name: /Rating engine/ }));
    expect(rating.getByText('Actif')).toBeInTheDocument();
    expect(rating.getByText('Factures')).toBeInTheDocument();
    expect(rating.getByRole('button', { name: /Renouveler le secret/ })).toBeInTheDocument();
  });

  it('tells anyone but an Admin that only administrators manage API clients', async () => {
    sessionStorage.setItem('token', makeToken({ sub: '2', name: 'Sam Staff', roles: ['Staff'], scopes: [] }));
    backend();
    renderRoute('/admin/api-clients');
    expect(await screen.findByText('Only administrators can manage API clients.')).toBeInTheDocument();
  });
});

describe('/admin/api-clients on a phone', () => {
  it('shows each client as a card with its state, scopes and actions (no table scrolling sideways)', async () => {
    backend();
    renderRoute('/admin/api-clients');
    const list = await screen.findByRole('list', { name: 'API clients' }, { timeout: 10_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = [...list.children] as HTMLElement[];
    expect(cards).toHaveLength(CLIENTS.length);
    const rating = within(cards.find((card) => card.textContent?.includes('Rating engine'))!);
    expect(rating.getByText('Active')).toBeInTheDocument();
    expect(within(rating.getByRole('list', { name: 'Scopes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Invoices', 'Usage']);
    expect(rating.getByRole('button', { name: 'Disable: Rating engine' })).toBeInTheDocument();
    const old = within(cards.find((card) => card.textContent?.includes('Old BSS'))!);
    expect(old.queryByRole('button')).not.toBeInTheDocument();
  });
});
