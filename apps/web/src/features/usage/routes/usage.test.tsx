import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsageRecord, UsageRecords } from '@portal/contract';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, renderRoute } from '@/test/utils';
import { mockPortalBilling, never, usageSummary, wideScreen } from '@/test/portal-billing';
import { accountDetails } from '@/test/fixtures';
import { currentPeriod } from '../rules';

const record = (id: number, overrides: Partial<UsageRecord> = {}): UsageRecord => ({
  id: BigInt(id),
  type: 'voice',
  direction: 'outgoing',
  startedAt: '2025-06-03T14:05:00Z',
  fromNumber: '+14165550134',
  toNumber: '+16135550101',
  durationSeconds: 245,
  dataKb: 0,
  description: 'Long distance to Ottawa',
  roaming: false,
  amount: '0.5000',
  invoiceId: 77n,
  postedDate: null,
  ...overrides,
});

const records = (value: UsageRecord[], count = value.length): UsageRecords => ({
  value,
  count,
  totals: { count, durationSeconds: 4_000, dataKb: 3 * 1024 * 1024, amount: 42.75 },
  daily: [
    { day: '2025-06-03', voiceCount: 2, voiceSeconds: 300, smsCount: 1, dataCount: 1, dataKb: 2048 },
    { day: '2025-06-05', voiceCount: 0, voiceSeconds: 0, smsCount: 4, dataCount: 0, dataKb: 0 },
  ],
  currency: 'CAD',
});

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('usage', () => {
  it('shows This period: labelled progress bars with their values, overage, roaming and the estimated bill', async () => {
    mockPortalBilling();
    renderRoute('/usage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'This period' });
    const voice = within(panel).getByRole('progressbar', { name: 'Voice minutes' });
    expect(voice).toHaveAttribute('aria-valuenow', '100');
    expect(voice).toHaveAttribute('aria-valuetext', '162 min of 150 min, Over the allowance');
    expect(within(panel).queryByRole('progressbar', { name: 'Text messages' })).toBeNull();
    expect(panel).toHaveTextContent('Text messages40 texts used, unlimited');
    const data = within(panel).getByRole('progressbar', { name: 'Data' });
    expect(data).toHaveAttribute('aria-valuenow', '50');
    expect(data).toHaveAttribute('aria-valuetext', '2.5 GB of 5 GB');
    expect(panel).toHaveTextContent('Plan: Talk & Text 150 + 5 GB');
    expect(panel).toHaveTextContent('Overage so far$3.00');
    expect(panel).toHaveTextContent('Roaming so far$12.50');
    expect(panel).toHaveTextContent('HST 13%$7.33');
    expect(panel).toHaveTextContent('Estimated total$63.73');
  });

  it('speaks French: This period, the bars and the estimate in fr-CA', async () => {
    await changeLanguage('fr', { remember: true });
    mockPortalBilling({ usageRecords: () => json(records([record(1)], 1)) });
    renderRoute('/usage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Consommation' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Cette période' });
    expect(within(panel).getByRole('progressbar', { name: 'Minutes d’appel' })).toHaveAttribute('aria-valuetext', '162 min sur 150 min, Au-delà de l’allocation');
    expect(within(panel).getByRole('progressbar', { name: 'Données' })).toHaveAttribute('aria-valuetext', '2,5 Go sur 5 Go');
    // French sets a narrow no-break space before a colon.
    expect(panel.textContent).toContain('Messages texteIllimité\u202f: 40 textos à ce jour');
    expect(panel).toHaveTextContent(/Total estimé63,73\s\$/);
    expect(screen.getByRole('region', { name: 'Consommation par jour' }).textContent).toContain(
      '2 jours avec consommation\u202f: 2 appels, 5 textos, 1 session de données.',
    );
    expect(await screen.findByRole('list', { name: 'Relevé des appels' })).toHaveTextContent('Appel');
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Relevé des appels' }).textContent).toContain('Les relevés d’appels sont conservés 24 mois\u202f: ils remontent au 1er juin 2023.');
  });

  it('says how far back call records go (USAGE_RETENTION_MONTHS)', async () => {
    mockPortalBilling({ usageSummary: () => json(usageSummary({ recordsKept: { months: 18, from: '2024-01-01' } })) });
    renderRoute('/usage');
    const explorer = await screen.findByRole('region', { name: 'Call detail records' });
    await waitFor(() => expect(explorer).toHaveTextContent('Call records are kept 18 months: they go back to 1 Jan 2024.'));
  });

  it('says when taxes are left out of the estimate', async () => {
    mockPortalBilling({
      usageSummary: () => json(usageSummary({ estimate: { plan: 30, usage: 0, subtotal: 30, taxes: [], total: 30, taxesIncluded: false } })),
    });
    renderRoute('/usage');
    expect(await screen.findByText('Taxes are not included: we have no tax rates for this billing address.')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry, for This period', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockPortalBilling({ usageSummary: () => (fail ? json({ error: 'down' }, 500) : json(usageSummary())) });
    renderRoute('/usage');
    expect(await screen.findByText('Loading this period...')).toHaveAttribute('role', 'status');
    expect(await screen.findByText(/This period’s usage could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByRole('region', { name: 'This period' })).toBeInTheDocument();
  });

  it('asks for the current period by default, newest first, and lists the records in a sortable table with totals', async () => {
    wideScreen();
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      usageRecords: () => json(records([record(1), record(2, { type: 'data', toNumber: null, dataKb: 1536, description: 'Roaming data in the United States', roaming: true, amount: '10.0000' })], 2)),
    });
    const { router } = renderRoute('/usage');
    const table = await screen.findByRole('table', { name: 'Call detail records' });
    // The fixture's account has no zone set: its Ontario billing address's.
    const period = currentPeriod(new Date(), 'America/Toronto');
    expect(Object.fromEntries(callsTo('usageRecords')[0]!.url.searchParams)).toEqual({
      from: period.from,
      to: period.to,
      orderby: 'StartedAt desc',
      skip: '0',
      take: '25',
      count: 'true',
    });
    // Short fields share a column, a line and a sort button each (the table fits a desktop).
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => within(h).queryAllByRole('button').map((b) => b.textContent))).toEqual([
      ['Date/Time'],
      ['Type', 'Direction'],
      ['From', 'To'],
      ['Duration', 'Data'],
      ['Description'],
      ['Amount'],
      [],
    ]);
    expect(headers.at(-1)).toHaveTextContent('Actions');
    expect(headers[0]).toHaveAttribute('aria-sort', 'descending');
    expect(headers[1]).not.toHaveAttribute('aria-sort');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Voice');
    expect(first).toHaveTextContent('4 min 05 s');
    expect(first).toHaveTextContent('$0.50');
    expect(second).toHaveTextContent('1.5 MB');
    expect(within(second!).getByText('Roaming')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals of the filtered records' });
    expect(totals).toHaveTextContent('Records2');
    expect(totals).toHaveTextContent('1 h 06 min');
    expect(totals).toHaveTextContent('3 GB');
    expect(totals).toHaveTextContent('$42.75');

    await user.click(within(table).getByRole('button', { name: 'Sort by Amount' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=Amount&dir=desc'));
    await waitFor(() => expect(callsTo('usageRecords').at(-1)!.url.searchParams.get('orderby')).toBe('Amount desc'));
    await user.click(await screen.findByRole('button', { name: 'Sort by Amount' }));
    await waitFor(() => expect(callsTo('usageRecords').at(-1)!.url.searchParams.get('orderby')).toBe('Amount asc'));
  });

  it('filters on the server, refuses bad filters beside their fields, and pages', async () => {
    wideScreen();
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      usageRecords: (call) => json(records(Array.from({ length: 25 }, (_, i) => record(i + 1 + Number(call.url.searchParams.get('skip')))), 60)),
    });
    const { router } = renderRoute('/usage?from=2025-05-01&to=2025-05-31');
    await screen.findByRole('table', { name: 'Call detail records' });

    // jsdom's date inputs take a whole value at once, as a date picker gives it.
    fireEvent.change(screen.getByLabelText(/^To/, { selector: 'input' }), { target: { value: '2025-04-01' } });
    await user.type(screen.getByLabelText('Number'), 'abc');
    await user.type(screen.getByLabelText('Minimum amount'), '1.234');
    const before = callsTo('usageRecords').length;
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(screen.getByText('Enter at least one digit of the number.')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount of 0 or more, with at most 2 decimals.')).toBeInTheDocument();
    expect(screen.getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('usageRecords')).toHaveLength(before);

    fireEvent.change(screen.getByLabelText(/^To/, { selector: 'input' }), { target: { value: '2025-05-20' } });
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '416 555');
    await user.clear(screen.getByLabelText('Minimum amount'));
    await user.type(screen.getByLabelText('Minimum amount'), '0.25');
    await user.selectOptions(screen.getByLabelText('Type'), 'voice');
    await user.selectOptions(screen.getByLabelText('Roaming'), 'true');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(callsTo('usageRecords').at(-1)!.url.searchParams)).toEqual({
        from: '2025-05-01',
        to: '2025-05-20',
        type: 'voice',
        number: '416 555',
        roaming: 'true',
        minAmount: '0.25',
        orderby: 'StartedAt desc',
        skip: '0',
        take: '25',
        count: 'true',
      }),
    );
    expect(router.state.location.search).toContain('number=416+555');

    await user.click(screen.getByRole('button', { name: /Page 2/ }));
    await waitFor(() => expect(callsTo('usageRecords').at(-1)!.url.searchParams.get('skip')).toBe('25'));
    expect(await screen.findByText('60 records, page 2 of 3')).toHaveAttribute('role', 'status');
  });

  it.each([
    // 02:30 UTC on Jun 1 is still May 31 in Vancouver (PDT) and already 04:30 on Jun 1 in Paris (CEST).
    ['America/Vancouver', '31 May 2025, 7:30 PM'],
    ['Europe/Paris', '1 Jun 2025, 4:30 AM'],
  ])('shows the records on the clock of an account in %s', async (timeZone, shown) => {
    wideScreen();
    mockPortalBilling({
      details: () => json(accountDetails(1001n, { timeZone })),
      usageRecords: () => json(records([record(1, { startedAt: '2025-06-01T02:30:00Z' })], 1)),
    });
    renderRoute('/usage?from=2025-05-01&to=2025-06-30');
    const table = await screen.findByRole('table', { name: 'Call detail records' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(shown));
  });

  it('draws the daily chart with a table alternative', async () => {
    wideScreen();
    mockPortalBilling({ usageRecords: () => json(records([record(1)], 1)) });
    renderRoute('/usage?from=2025-06-01&to=2025-06-07');
    const chart = await screen.findByRole('region', { name: 'Daily usage' });
    expect(chart).toHaveTextContent('2 days with usage: 2 calls, 5 texts, 1 data session.');
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    const table = within(chart).getByRole('table', { name: 'Daily usage as a table', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['3 Jun 2025', '2', '5 min 00 s', '1', '1', '2 MB'],
      ['5 Jun 2025', '0', '0 s', '4', '0', '0 KB'],
    ]);
  });

  it('lists the daily figures day by day on phones, where the six columns do not fit', async () => {
    mockPortalBilling({ usageRecords: () => json(records([record(1)], 1)) });
    renderRoute('/usage?from=2025-06-01&to=2025-06-07');
    const chart = await screen.findByRole('region', { name: 'Daily usage' });
    expect(within(chart).queryByRole('table', { hidden: true })).not.toBeInTheDocument();
    const days = within(within(chart).getByRole('list', { name: 'Daily usage as a table', hidden: true })).getAllByRole('listitem', {
      hidden: true,
    });
    expect(days.map((day) => day.textContent)).toEqual([
      '3 Jun 2025Calls2Call minutes5 min 00 sTexts1Data sessions1Data2 MB',
      '5 Jun 2025Calls0Call minutes0 sTexts4Data sessions0Data0 KB',
    ]);
  });

  it('stacks records as cards on phones, sorted from a list', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ usageRecords: () => json(records([record(1)], 1)) });
    renderRoute('/usage');
    const list = await screen.findByRole('list', { name: 'Call detail records' });
    expect(list).toHaveTextContent('Long distance to Ottawa');
    expect(screen.queryByRole('table', { name: 'Call detail records' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort records'), 'Duration asc');
    await waitFor(() => expect(callsTo('usageRecords').at(-1)!.url.searchParams.get('orderby')).toBe('Duration asc'));
  });

  it('says when no record matches, and when records cannot be loaded', async () => {
    mockPortalBilling({ usageRecords: () => json({ error: 'down' }, 500) });
    renderRoute('/usage');
    expect(await screen.findByText('The records could not be loaded.')).toBeInTheDocument();
  });

  it('shows "No records match these filters" for an empty set', async () => {
    mockPortalBilling();
    renderRoute('/usage');
    expect(await screen.findByRole('heading', { name: 'No records match these filters' })).toBeInTheDocument();
    expect(await screen.findByText('No usage in this range.')).toBeInTheDocument();
  });

  it('exports exactly the filters shown, and says so when the export fails or other downloads are under way', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:usage');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let fail: number | null = null;
    const { callsTo } = mockPortalBilling({
      usageRecords: () => json(records([record(1)], 1)),
      usageExport: () =>
        fail
          ? json({ error: 'refused' }, fail)
          : new Response('\uFEFFDate/Time\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Usage-101001.csv"' } }),
    });
    renderRoute('/usage?from=2025-05-01&to=2025-05-31&type=sms&sort=Amount&dir=asc&page=1');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(Object.fromEntries(callsTo('usageExport')[0]!.url.searchParams)).toEqual({ from: '2025-05-01', to: '2025-05-31', type: 'sms' });
    fail = 500;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export could not be downloaded. Please try again.')).toBeInTheDocument();
    fail = 429;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Other downloads are still under way. Please wait for one to finish, then try again.')).toBeInTheDocument();
  });

  it('waits for the records without a flash of empty results', async () => {
    mockPortalBilling({ usageRecords: never });
    renderRoute('/usage');
    expect(await screen.findByText('Loading records...')).toHaveAttribute('role', 'status');
  });
});

describe('alerts and spending limit', () => {
  it('shows the limit, what it used and that the provider bars service beyond it; saves a new one', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ usageLimit: () => json({ amount: 50, used: 40, reached: false }) });
    renderRoute('/usage');
    const panel = await screen.findByRole('region', { name: 'Alerts and spending limit' });
    const limit = await within(panel).findByRole('region', { name: 'Monthly spending limit' });
    expect(within(limit).getByRole('progressbar', { name: '$40.00 of $50.00 used this period' })).toHaveAttribute('aria-valuenow', '80');
    expect(limit).toHaveTextContent('your provider bars service beyond the plan until the period ends');
    const field = within(limit).getByRole('textbox', { name: 'Limit (CAD)' });
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(limit).getByRole('button', { name: 'Save limit' }));
    expect(within(limit).getByText('Enter an amount above zero, with at most 2 decimals.')).toBeInTheDocument();
    expect(callsTo('saveUsageLimit')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '2.50');
    await user.click(within(limit).getByRole('button', { name: 'Save limit' }));
    expect(await within(limit).findByText(/Your spending limit is reached/)).toBeInTheDocument();
    expect(callsTo('saveUsageLimit')[0]!.body).toEqual({ amount: 2.5 });
    expect(within(panel).getByText('Spending limit set to $2.50.')).toHaveAttribute('role', 'status');
  });

  it('chooses alerts in a dialog that gives focus back to its opener', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderRoute('/usage');
    const alerts = await screen.findByRole('region', { name: 'Usage alerts' });
    expect(alerts).toHaveTextContent('Voice minutes80 %, 100 %');
    const opener = within(alerts).getByRole('button', { name: 'Choose alerts' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Usage alerts' });
    const voice = within(dialog).getByRole('group', { name: 'Voice minutes' });
    await user.click(within(voice).getByRole('checkbox', { name: '50 %' }));
    await user.click(within(voice).getByRole('checkbox', { name: '100 %' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Alert when charges beyond the plan pass/ }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    expect(within(dialog).getByText(/Enter an amount above zero/)).toBeInTheDocument();
    expect(callsTo('saveUsageAlerts')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: /Alert when charges beyond the plan pass/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Alert when charges beyond the plan pass/ }), '25');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also send alerts by email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('saveUsageAlerts')[0]!.body).toEqual({
      allowances: [
        { kind: 'voice', percents: [50, 80] },
        { kind: 'sms', percents: [80, 100] },
        { kind: 'data', percents: [80, 100] },
        { kind: 'roaming', percents: [80, 100] },
      ],
      overageAmount: 25,
      email: false,
    });
    expect(alerts).toHaveTextContent('Voice minutes50 %, 80 %');
    expect(alerts).toHaveTextContent('Charges beyond the plan$25.00');
    expect(alerts).toHaveTextContent('By email tooNo');
    expect(opener).toHaveFocus();
  });

  it('speaks French', async () => {
    await changeLanguage('fr', { remember: true });
    mockPortalBilling({ usageLimit: () => json({ amount: 20, used: 20, reached: true }) });
    renderRoute('/usage');
    const panel = await screen.findByRole('region', { name: 'Alertes et limite de dépenses' });
    expect(await within(panel).findByText(/Votre limite de dépenses est atteinte/)).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Alertes de consommation' })).toHaveTextContent('Minutes d’appels80 %, 100 %');
    expect(within(panel).getByRole('button', { name: 'Choisir les alertes' })).toBeInTheDocument();
  });
});
