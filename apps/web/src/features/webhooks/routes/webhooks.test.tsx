import { endpoints, EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isCallTo } from '@/test/calls';
import { wideScreen } from '@/test/portal-billing';
import { json, makeToken, mockFetch, renderRoute, type FetchCall } from '@/test/utils';

const endpoint = (id: number, fields: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id: BigInt(id),
  url: `https://bss.example.com/hooks/${id}`,
  events: ['payment.succeeded'],
  description: '',
  orderedPerAccount: false,
  status: 'active',
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  secretIssuedAt: '2026-11-01T12:00:00.000Z',
  previousSecretExpiresAt: null,
  ...fields,
});

const LEDGER = endpoint(2, {
  url: 'https://ledger.example.com/portal-events',
  description: 'Ledger postings',
  events: ['payment.refunded', 'payment.succeeded'],
  failingSince: '2026-12-01T09:00:00.000Z',
});
const CRM = endpoint(1, {
  url: 'https://crm.example.com/hooks',
  events: [...EVENT_TYPES],
  orderedPerAccount: true,
  status: 'disabled',
  disabledReason: 'failing',
  disabledAt: '2026-11-20T12:00:00.000Z',
});

const delivery = (id: number, fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: BigInt(id),
  endpointId: LEDGER.id,
  eventId: `evt_${id}`,
  eventType: 'payment.succeeded',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-12-02T10:00:00.000Z',
  lastAttemptAt: '2026-12-02T10:00:01.000Z',
  lastOutcome: 'succeeded',
  lastStatusCode: 200,
  lastDurationMs: 120,
  lastResponse: '{"received":true}',
  nextAttemptAt: null,
  ...fields,
});

const DELIVERIES = [
  delivery(12, {
    eventType: 'payment.refunded',
    status: 'retrying',
    attempts: 3,
    lastOutcome: 'http_error',
    lastStatusCode: 503,
    lastDurationMs: 1234,
    lastResponse: 'Service Unavailable: ledger is closing the day',
    nextAttemptAt: '2026-12-03T18:00:00.000Z',
  }),
  delivery(11, {
    status: 'failed',
    attempts: 9,
    lastOutcome: 'timeout',
    lastStatusCode: null,
    lastDurationMs: 10_000,
    lastResponse: 'No answer within 10 s',
  }),
  delivery(10, {}),
];
const OLDER = [delivery(9, { eventType: 'webhook.test', eventId: 'evt_test9' })];

const backend = (answers: { endpoints?: WebhookEndpoint[] } = {}) =>
  mockFetch((call: FetchCall) => {
    if (isCallTo(endpoints.webhookEndpoints, call)) return json(answers.endpoints ?? [LEDGER, CRM]);
    if (isCallTo(endpoints.webhookDeliveries, call)) {
      if (call.url.searchParams.get('before') === '10') return json({ value: OLDER, next: null });
      const outcome = call.url.searchParams.get('outcome');
      const shown =
        outcome === 'failed' ? DELIVERIES.filter((d) => d.status === 'failed' || d.status === 'retrying') : DELIVERIES;
      return json({ value: shown, next: outcome ? null : 10n });
    }
    if (isCallTo(endpoints.registerWebhookEndpoint, call)) {
      const body = call.body as { url: string; events: WebhookEndpoint['events']; description: string };
      return json({ endpoint: endpoint(3, body), secret: 'whsec_dGhlLXNlY3JldC1zaG93bi1vbmNl' }, 201);
    }
    if (isCallTo(endpoints.rotateWebhookSecret, call)) return json({ endpoint: LEDGER, secret: 'whsec_cm90YXRlZA==' });
    if (isCallTo(endpoints.sendWebhookTest, call))
      return json(delivery(13, { eventType: 'webhook.test', status: 'pending' }), 201);
    if (isCallTo(endpoints.disableWebhookEndpoint, call)) return json({ ...LEDGER, status: 'disabled', disabledReason: 'admin' });
    if (isCallTo(endpoints.enableWebhookEndpoint, call)) return json({ ...CRM, status: 'active' });
    if (isCallTo(endpoints.replayWebhookDelivery, call)) return json({ ...DELIVERIES[1]!, status: 'pending' });
    if (isCallTo(endpoints.replayFailedWebhookDeliveries, call)) return json({ replayed: 2 });
    if (isCallTo(endpoints.webhookDeliveryAttempts, call))
      return json([
        {
          attempt: 1,
          at: '2026-12-02T10:00:01.000Z',
          outcome: 'timeout',
          statusCode: null,
          durationMs: 10_000,
          response: 'No answer within 10 s',
        },
        {
          attempt: 2,
          at: '2026-12-02T10:00:07.000Z',
          outcome: 'http_error',
          statusCode: 503,
          durationMs: 850,
          response: 'Service Unavailable',
        },
      ]);
    return json({ error: 'Not found' }, 404);
  });

const rowOf = (text: string) => within(screen.getByRole('row', { name: new RegExp(text) }));
const deliveriesOf = () => within(screen.getByRole('region', { name: /^Recent deliveries of/ }));

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '1', name: 'Ada Admin', roles: ['Admin'], scopes: [] }));
});

describe('/admin/webhooks', () => {
  // The tables' tests: a wide screen (each is restored after its test).
  beforeEach(() => {
    wideScreen();
  });

  it('lists endpoints with their state and event types; a disabled one can only be enabled', async () => {
    backend();
    renderRoute('/admin/webhooks');
    // The first render of the suite loads the lazy route and its texts.
    const ledger = within(await screen.findByRole('row', { name: /ledger\.example\.com/ }, { timeout: 10_000 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(ledger.getByText('Active')).toBeInTheDocument();
    expect(ledger.getByText('Ledger postings')).toBeInTheDocument();
    expect(ledger.queryByText('One account’s events in order')).not.toBeInTheDocument();
    expect(ledger.getByText(/^Failing since Dec 1, 2026/)).toBeInTheDocument();
    expect(
      within(ledger.getByRole('list', { name: 'Event types' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Payment succeeded', 'Payment refunded']);
    expect(ledger.getByRole('button', { name: 'Rotate secret: https://ledger.example.com/portal-events' })).toBeInTheDocument();
    const crm = rowOf('crm\\.example\\.com');
    expect(crm.getByText('Disabled')).toBeInTheDocument();
    expect(crm.getByText('All event types')).toBeInTheDocument();
    expect(crm.getByText('One account’s events in order')).toBeInTheDocument();
    expect(crm.getByText(/after 3 days of failed deliveries/)).toBeInTheDocument();
    expect(crm.queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
    expect(crm.queryByRole('button', { name: /^Send test event/ })).not.toBeInTheDocument();
    expect(crm.getByRole('button', { name: 'Enable: https://crm.example.com/hooks' })).toBeInTheDocument();
  });

  it('registers an endpoint after checking the form, and shows its signing secret once with a copy button', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute('/admin/webhooks');
    const open = await screen.findByRole('button', { name: 'Register endpoint' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Register a webhook endpoint' }));
    const url = dialog.getByRole('textbox', { name: /URL/ });
    await user.click(url);
    await user.paste('https://bss:pw@bss.example.com/in');
    await user.click(dialog.getByRole('button', { name: 'Register endpoint' }));
    expect(dialog.getByText('Leave the user name and password out of the address')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one event type')).toBeInTheDocument();
    expect(calls.some((c) => isCallTo(endpoints.registerWebhookEndpoint, c))).toBe(false);

    await user.clear(url);
    await user.paste('https://bss.example.com/in');
    await user.click(dialog.getByRole('checkbox', { name: /Dispute opened/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Invoice posted/ }));
    await user.click(dialog.getByRole('textbox', { name: /Description/ }));
    await user.paste('  Collections  ');
    await user.click(dialog.getByRole('checkbox', { name: /One account’s events in order/ }));
    await user.click(dialog.getByRole('button', { name: 'Register endpoint' }));

    const secret = within(await screen.findByRole('dialog', { name: 'Signing secret of https://bss.example.com/in' }));
    expect(calls.find((c) => isCallTo(endpoints.registerWebhookEndpoint, c))!.body).toEqual({
      url: 'https://bss.example.com/in',
      events: ['dispute.opened', 'invoice.posted'],
      description: 'Collections',
      orderedPerAccount: true,
    });
    expect(secret.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(secret.getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_dGhlLXNlY3JldC1zaG93bi1vbmNl');
    await user.click(secret.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_dGhlLXNlY3JldC1zaG93bi1vbmNl');
    expect(await secret.findByText('Secret copied')).toBeInTheDocument();
    await user.click(secret.getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_dGhlLXNlY3JldC1zaG93bi1vbmNl')).not.toBeInTheDocument();
    const notice = screen.getByText('Endpoint https://bss.example.com/in registered.');
    // The dialog that opened the secret is gone: focus goes to what was done.
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('selects every event type at once', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Register endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Register a webhook endpoint' }));
    await user.click(dialog.getByRole('textbox', { name: /URL/ }));
    await user.paste('http://127.0.0.1:4010/receiver');
    await user.click(dialog.getByRole('checkbox', { name: 'All event types' }));
    expect(dialog.getByRole('checkbox', { name: /Usage batch loaded/ })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Register endpoint' }));
    await screen.findByRole('dialog', { name: /^Signing secret of/ });
    expect(calls.find((c) => isCallTo(endpoints.registerWebhookEndpoint, c))!.body).toMatchObject({ events: [...EVENT_TYPES] });
  });

  it('rotates with the overlap picked, sends a test event, and disables after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const rotateButton = await screen.findByRole('button', { name: 'Rotate secret: https://ledger.example.com/portal-events' });
    await user.click(rotateButton);
    const rotate = within(
      await screen.findByRole('dialog', { name: 'Rotate the secret of https://ledger.example.com/portal-events?' }),
    );
    expect(rotate.getByText(/every delivery carries two signatures/)).toBeInTheDocument();
    await user.selectOptions(rotate.getByRole('combobox', { name: 'Both signatures are sent for' }), '7 days');
    await user.click(rotate.getByRole('button', { name: 'Rotate secret' }));
    const secret = within(await screen.findByRole('dialog', { name: /^Signing secret of https:\/\/ledger/ }));
    expect(calls.find((c) => isCallTo(endpoints.rotateWebhookSecret, c))!.body).toEqual({ overlapMinutes: 10080 });
    expect(secret.getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_cm90YXRlZA==');
    await user.click(secret.getByRole('button', { name: 'I have stored the secret' }));

    await user.click(screen.getByRole('button', { name: 'Send test event: https://ledger.example.com/portal-events' }));
    expect(await screen.findByText(/A test event was queued for https:\/\/ledger/)).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.sendWebhookTest, c)).map((c) => c.url.pathname)).toEqual([
      '/b/v1/Webhooks/endpoints/2/test',
    ]);

    const disableButton = screen.getByRole('button', { name: 'Disable: https://ledger.example.com/portal-events' });
    await user.click(disableButton);
    const confirm = within(await screen.findByRole('dialog', { name: 'Disable https://ledger.example.com/portal-events?' }));
    expect(confirm.getByText(/No more events are sent to it/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(disableButton).toHaveFocus());
    expect(calls.some((c) => isCallTo(endpoints.disableWebhookEndpoint, c))).toBe(false);
    await user.click(disableButton);
    await user.click(within(await screen.findByRole('dialog', { name: /^Disable/ })).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Endpoint https://ledger.example.com/portal-events disabled.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.disableWebhookEndpoint, c))).toHaveLength(1);
  });

  it('shows the deliveries of the first endpoint with their attempt, code, duration, next retry and answer', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const region = await screen.findByRole('region', { name: 'Recent deliveries of https://ledger.example.com/portal-events' });
    const list = within(region);
    const retrying = within(await list.findByRole('row', { name: /evt_12/ }));
    expect(retrying.getByText('Payment refunded')).toBeInTheDocument();
    expect(retrying.getByText('Failed, retrying')).toBeInTheDocument();
    expect(retrying.getByText('503')).toBeInTheDocument();
    expect(retrying.getByText(/^1\.2\s+s$/)).toBeInTheDocument();
    expect(retrying.getByText(/^Dec 3, 2026/)).toBeInTheDocument();
    await user.click(retrying.getByText('Show answer'));
    expect(retrying.getByRole('region', { name: 'Answer of the receiver to Payment refunded' })).toHaveTextContent(
      'Service Unavailable: ledger is closing the day',
    );
    const timedOut = within(list.getByRole('row', { name: /evt_11/ }));
    expect(timedOut.getByText('Failed')).toBeInTheDocument();
    expect(timedOut.getByText('No answer in 10 s')).toBeInTheDocument();
    expect(timedOut.getByText('None')).toBeInTheDocument();
    expect(list.getByText('3 deliveries shown')).toBeInTheDocument();
    expect(list.getByText('Each delivery is kept 30 days after its last attempt; one still waiting to be sent is kept until it is.')).toBeInTheDocument();

    const read = () => calls.filter((c) => isCallTo(endpoints.webhookDeliveries, c)).length;
    const before = read();
    await user.click(list.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(read()).toBe(before + 1));

    await user.click(list.getByRole('button', { name: 'Show older deliveries' }));
    expect(await list.findByRole('row', { name: /evt_test9/ })).toHaveTextContent('Test event');
    expect(list.getByText('4 deliveries shown')).toBeInTheDocument();
    expect(list.queryByRole('button', { name: 'Show older deliveries' })).not.toBeInTheDocument();
  });

  it('asks the server for the filters chosen, and says when the period is backwards', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const region = within(await screen.findByRole('region', { name: /^Recent deliveries of/ }, { timeout: 10_000 }));
    await region.findByRole('row', { name: /evt_10/ });
    const filters = within(region.getByRole('search', { name: 'Filter deliveries' }));
    await user.selectOptions(filters.getByRole('combobox', { name: 'Outcome' }), 'Failed (retrying or given up)');
    await waitFor(() => expect(region.queryByRole('row', { name: /evt_10/ })).not.toBeInTheDocument());
    expect(region.getByRole('row', { name: /evt_11/ })).toBeInTheDocument();
    await user.selectOptions(filters.getByRole('combobox', { name: 'Event' }), 'Payment succeeded');
    const last = () => calls.filter((c) => isCallTo(endpoints.webhookDeliveries, c)).at(-1)!;
    await waitFor(() =>
      expect(Object.fromEntries(last().url.searchParams)).toEqual({ outcome: 'failed', eventType: 'payment.succeeded' }),
    );
    expect(last().url.pathname).toBe('/b/v1/Webhooks/endpoints/2/deliveries');

    const from = filters.getByLabelText('Created from');
    const to = filters.getByLabelText('Created until');
    await user.type(from, '2026-12-02T10:00');
    await user.type(to, '2026-12-01T10:00');
    expect(filters.getByText('The period must end after it starts')).toBeInTheDocument();
    await waitFor(() => expect(last().url.searchParams.get('from')).toBe(new Date('2026-12-02T10:00').toISOString()));
    expect(last().url.searchParams.has('to')).toBe(false);
  });

  it('replays one delivery, and every failed delivery of a period after checking it', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const region = within(await screen.findByRole('region', { name: /^Recent deliveries of/ }, { timeout: 10_000 }));
    await user.click(await region.findByRole('button', { name: 'Replay Payment succeeded evt_11' }));
    expect(await screen.findByText('Delivery of Payment succeeded evt_11 queued again.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.replayWebhookDelivery, c)).map((c) => c.url.pathname)).toEqual([
      '/b/v1/Webhooks/deliveries/11/replay',
    ]);

    const replayFailed = region.getByRole('button', { name: 'Replay failed deliveries' });
    await user.click(replayFailed);
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Replay failed deliveries of https://ledger.example.com/portal-events' }),
    );
    const from = dialog.getByLabelText(/^From/);
    expect(from).not.toHaveValue('');
    await user.clear(from);
    await user.click(dialog.getByRole('button', { name: 'Replay failed deliveries' }));
    expect(dialog.getByText('Choose when the period starts')).toBeInTheDocument();
    expect(calls.some((c) => isCallTo(endpoints.replayFailedWebhookDeliveries, c))).toBe(false);
    await user.type(from, '2026-12-01T08:00');
    await user.click(dialog.getByRole('button', { name: 'Replay failed deliveries' }));
    expect(await screen.findByText('2 failed deliveries queued again.')).toBeInTheDocument();
    const sent = calls.find((c) => isCallTo(endpoints.replayFailedWebhookDeliveries, c))!;
    expect(sent.url.pathname).toBe('/b/v1/Webhooks/endpoints/2/replay-failed');
    expect((sent.body as { from: string }).from).toBe(new Date('2026-12-01T08:00').toISOString());
  });

  it('lists every attempt of a delivery in a dialog that returns focus to its button', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const open = await screen.findByRole('button', { name: 'Attempts of Payment refunded evt_12' }, { timeout: 10_000 });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Attempts of Payment refunded evt_12' }));
    const attempts = within(await dialog.findByRole('list', { name: 'Attempts' })).getAllByRole('listitem');
    expect(attempts.map((item) => item.firstElementChild?.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Attempt 1, Dec 2, 2026.*No answer in 10 s10 s$/),
      expect.stringMatching(/^Attempt 2, Dec 2, 2026.*503850 ms$/),
    ]);
    expect(dialog.getByRole('region', { name: 'Answer to attempt 2' })).toHaveTextContent('Service Unavailable');
    expect(calls.filter((c) => isCallTo(endpoints.webhookDeliveryAttempts, c)).map((c) => c.url.pathname)).toEqual([
      '/b/v1/Webhooks/deliveries/12/attempts',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('enables a disabled endpoint and shows its deliveries when asked', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    const show = await screen.findByRole('button', { name: 'Deliveries: https://crm.example.com/hooks' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('region', { name: 'Recent deliveries of https://crm.example.com/hooks' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/b/v1/Webhooks/endpoints/1/deliveries')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Enable: https://crm.example.com/hooks' }));
    expect(await screen.findByText(/^Endpoint https:\/\/crm\.example\.com\/hooks enabled/)).toBeInTheDocument();
  });

  it('says when there is no endpoint yet', async () => {
    backend({ endpoints: [] });
    renderRoute('/admin/webhooks');
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Recent deliveries/ })).not.toBeInTheDocument();
  });

  it('reads in French', async () => {
    backend();
    await changeLanguage('fr');
    renderRoute('/admin/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    const ledger = within(await screen.findByRole('row', { name: /ledger\.example\.com/ }));
    expect(ledger.getByText('Actif')).toBeInTheDocument();
    expect(ledger.getByText('Paiement remboursé')).toBeInTheDocument();
    expect(ledger.getByRole('button', { name: /^Envoyer un événement de test/ })).toBeInTheDocument();
    const retrying = within(await screen.findByRole('row', { name: /evt_12/ }));
    expect(retrying.getByText('Échec, nouvel essai prévu')).toBeInTheDocument();
    expect(retrying.getByText(/^1,2\s+s$/)).toBeInTheDocument();
    // Matched with its no-break spaces made plain, as getByText reads the text.
    expect(screen.getByText('Chaque envoi est conservé 30 jours après sa dernière tentative ; un envoi encore en attente est conservé jusqu’à son départ.')).toBeInTheDocument();
  });

  it('tells anyone but an Admin that only administrators manage webhooks', async () => {
    sessionStorage.setItem('token', makeToken({ sub: '2', name: 'Sam Staff', roles: ['Staff'], scopes: [] }));
    const { calls } = backend();
    renderRoute('/admin/webhooks');
    expect(await screen.findByText('Only administrators can manage webhooks.')).toBeInTheDocument();
    expect(calls.some((c) => isCallTo(endpoints.webhookEndpoints, c))).toBe(false);
  });
});

describe('/admin/webhooks on a phone', () => {
  it('shows endpoints and deliveries as cards with their state and actions (no table scrolling sideways)', async () => {
    backend();
    renderRoute('/admin/webhooks');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' }, { timeout: 10_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = [...list.children] as HTMLElement[];
    expect(cards).toHaveLength(2);
    const ledger = within(cards.find((card) => card.textContent?.includes('ledger.example.com'))!);
    expect(ledger.getByRole('button', { name: 'Disable: https://ledger.example.com/portal-events' })).toBeInTheDocument();
    const deliveries = within(await deliveriesOf().findByRole('list', { name: 'Recent deliveries' }));
    const retrying = within(deliveries.getAllByRole('listitem').find((card) => card.textContent?.includes('evt_12'))!);
    expect(retrying.getByText('Attempts', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3');
    expect(retrying.getByText('Status code', { selector: 'dt' }).nextElementSibling).toHaveTextContent('503');
    expect(retrying.getByRole('button', { name: 'Replay Payment refunded evt_12' })).toBeInTheDocument();
  });
});
