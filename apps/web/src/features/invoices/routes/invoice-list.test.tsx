import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeToken, renderRoute } from '@/test/utils';
import { invoiceListItem, mockPortalBilling, never, wideScreen } from '@/test/portal-billing';
import { periodStartDate } from '../rules';

const page = (count: number, first = 1) =>
  json({
    value: Array.from({ length: Math.min(10, count - (first - 1)) }, (_, i) =>
      invoiceListItem(BigInt(1000 + first + i), `INV-${first + i}`, (first + i) % 2 === 0 ? 0 : 45.25),
    ),
    count,
  });

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('invoice list', () => {
  it('shows "Loading invoices..." while the first page loads', async () => {
    mockPortalBilling({ invoices: never });
    renderRoute('/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices & Billing' })).toBeInTheDocument();
    expect(await screen.findByText('Loading invoices...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('lists posted invoices of the account in a table with their status (past due: Overdue) and named actions', async () => {
    wideScreen();
    const { callsTo } = mockPortalBilling({ invoices: () => page(2) });
    renderRoute('/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Invoice #', 'Period', 'Due Date', 'Amount', 'Status', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('INV-1');
    expect(first).toHaveTextContent('1 Apr 2025 – 30 Apr 2025');
    expect(first).toHaveTextContent('30 May 2025');
    expect(first).toHaveTextContent('$120.50');
    expect(within(first!).getByText('Overdue')).toBeInTheDocument();
    expect(within(second!).getByText('Paid')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'View details of invoice INV-1' })).toHaveAttribute('href', '/invoices/1001');
    expect(within(first!).getByRole('link', { name: 'Download PDF of invoice INV-1' })).toHaveAttribute(
      'href',
      '/b/v1/documents/invoices/1001/pdf?sig=abc',
    );

    expect(Object.fromEntries(callsTo('invoices')[0]!.url.searchParams)).toEqual({
      dnfilter: 'AccountId==1001 && State=="Posted"',
      orderby: 'EndDate desc',
      skip: '0',
      take: '10',
      count: 'true',
    });
  });

  it('says "Credited" or "Partially credited" where credits, not payments, lowered an invoice', async () => {
    wideScreen();
    const later = { dueDate: '2099-05-30' };
    mockPortalBilling({
      invoices: () =>
        json({
          value: [
            invoiceListItem(2001n, 'INV-C1', 112.5, { ...later, credited: 8 }),
            invoiceListItem(2002n, 'INV-C2', 0, { ...later, credited: 120.5 }),
            invoiceListItem(2003n, 'INV-C3', 20.5, { ...later, credited: 0 }),
          ],
          count: 3,
        }),
    });
    renderRoute('/invoices');
    const rows = within(await screen.findByRole('table', { name: 'Invoices' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['INV-C1', 'INV-C2', 'INV-C3']);
    expect(within(rows[0]!).getByText('Partially credited')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Credited')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Partially paid')).toBeInTheDocument();
  });

  it('stacks invoices as cards on phones, without a table', async () => {
    mockPortalBilling({ invoices: () => page(1) });
    renderRoute('/invoices');
    const list = await screen.findByRole('list', { name: 'Invoices' });
    expect(within(list).getByRole('heading', { name: 'Invoice #INV-1' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Download PDF of invoice INV-1' })).toHaveTextContent('Download PDF');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "No invoices found" when there are none', async () => {
    mockPortalBilling();
    renderRoute('/invoices');
    expect(await screen.findByRole('heading', { name: 'No invoices found' })).toBeInTheDocument();
  });

  it('searches by invoice number after a pause, keeps it in the URL, and names the search when nothing matches', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      invoices: (call) => (call.url.searchParams.get('dnfilter')!.includes('contains') ? json({ value: [], count: 0 }) : page(3)),
    });
    const { router } = renderRoute('/invoices');
    await screen.findByText('INV-1', { exact: false });
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'zz"9');
    expect(await screen.findByRole('heading', { name: 'No invoices found matching "zz"9"' })).toBeInTheDocument();
    // One request for the whole word (debounced), written as a JSON string literal.
    const searches = callsTo('invoices').filter((c) => c.url.searchParams.get('dnfilter')!.includes('contains'));
    expect(searches.map((c) => c.url.searchParams.get('dnfilter'))).toEqual([
      'AccountId==1001 && State=="Posted" && InvoiceNumber.contains("zz\\"9")',
    ]);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('zz"9');
  });

  it('filters by period', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ invoices: () => page(3) });
    renderRoute('/invoices');
    await screen.findByText('INV-1', { exact: false });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 3 Months');
    const since = periodStartDate('3m', new Date());
    await waitFor(() =>
      expect(callsTo('invoices').at(-1)!.url.searchParams.get('dnfilter')).toBe(
        `AccountId==1001 && State=="Posted" && EndDate>=${since}`,
      ),
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Time',
      'Last 3 Months',
      'Last 6 Months',
      'Last Year',
    ]);
  });

  it('pages through 10 at a time with Previous/Next and page numbers, kept in the URL', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      invoices: (call) => page(31, Number(call.url.searchParams.get('skip')) + 1),
    });
    const { router } = renderRoute('/invoices');
    const pagination = await screen.findByRole('navigation', { name: 'Invoice pages' });
    expect(within(pagination).getByRole('button', { name: 'Page 1, current page' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('INV-11', { exact: false })).toBeInTheDocument();
    expect(callsTo('invoices').at(-1)!.url.searchParams.get('skip')).toBe('10');
    expect(within(pagination).getByRole('button', { name: 'Page 2, current page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('31 invoices, page 2 of 4')).toHaveAttribute('role', 'status');
  });

  it("goes back to the previous page with the browser's Back", async () => {
    const user = userEvent.setup();
    mockPortalBilling({ invoices: (call) => page(31, Number(call.url.searchParams.get('skip')) + 1) });
    const { router } = renderRoute('/invoices');
    const pagination = await screen.findByRole('navigation', { name: 'Invoice pages' });
    await user.click(within(pagination).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('INV-21', { exact: false })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Invoice #INV-1' })).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Page 1, current page' })).toBeInTheDocument();
  });

  it('restores period, search and page from the URL', async () => {
    const { callsTo } = mockPortalBilling({ invoices: () => page(25, 11) });
    renderRoute('/invoices?period=6m&q=INV&page=2');
    expect(await screen.findByRole('searchbox', { name: 'Search invoices' })).toHaveValue('INV');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('6m');
    await waitFor(() => expect(callsTo('invoices').length).toBeGreaterThan(0));
    const call = callsTo('invoices')[0]!;
    expect(call.url.searchParams.get('skip')).toBe('10');
    expect(call.url.searchParams.get('dnfilter')).toBe(
      `AccountId==1001 && State=="Posted" && EndDate>=${periodStartDate('6m', new Date())} && InvoiceNumber.contains("INV")`,
    );
  });

  it('shows the error message when the invoices cannot be loaded', async () => {
    mockPortalBilling({ invoices: () => json({ error: 'Invalid filter' }, 400) });
    renderRoute('/invoices');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load invoices. Please try again later.');
  });

  it('asks Staff to choose an account first', async () => {
    sessionStorage.setItem('token', makeToken({ roles: ['Staff'], scopes: [] }));
    const { callsTo } = mockPortalBilling();
    renderRoute('/invoices');
    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();
    expect(callsTo('invoices')).toHaveLength(0);
  });
});
