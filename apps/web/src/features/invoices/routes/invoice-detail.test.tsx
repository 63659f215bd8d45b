import type { InvoicePayment } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { json, makeToken, renderRoute } from '@/test/utils';
import { invoiceDetails, mockPortalBilling, wideScreen } from '@/test/portal-billing';

const payment = (
  id: bigint,
  date: string,
  amount: number,
  description: string | null,
  status = 'Successful',
): InvoicePayment => ({
  payment: { id, date, description, currency: 'CAD', status },
  paymentAssignment: { id: id + 500n, amount },
});

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

describe('invoice detail', () => {
  it('shows heading, period, downloads, Billing To, charges and the summary with Amount Due in red', async () => {
    const { callsTo } = mockPortalBilling();
    renderRoute('/invoices/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice #INV-77' })).toBeInTheDocument();
    expect(screen.getByText('Billing period Apr 1, 2025 – Apr 30, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Invoices' })).toHaveAttribute('href', '/invoices');
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/b/v1/documents/invoices/77/pdf?sig=abc',
    );
    expect(screen.getByRole('link', { name: 'Download CDRs' })).toHaveAttribute(
      'href',
      '/b/v1/documents/invoices/77/cdrs?sig=abc',
    );
    expect(screen.getByRole('button', { name: 'Pay Invoice' })).toBeInTheDocument();

    const billing = within(screen.getByRole('region', { name: 'Billing To' }));
    for (const line of ['Casey C. Billing', '12 Main Street', 'Suite 400', 'Toronto, Ontario, M5V 2T6', 'Canada']) {
      expect(await billing.findByText(line)).toBeInTheDocument();
    }
    const charges = within(screen.getByRole('region', { name: 'Charges' }));
    expect(charges.getByRole('rowheader', { name: /Unlimited Canada plan/ })).toBeInTheDocument();
    expect(charges.getByRole('row', { name: /Taxes/ })).toHaveTextContent('CA$13.86');

    const summary = within(screen.getByRole('region', { name: 'Invoice Summary' }));
    expect(summary.getByText('Issue Date').nextElementSibling).toHaveTextContent('May 1, 2025');
    expect(summary.getByText('Due Date').nextElementSibling).toHaveTextContent('May 30, 2025');
    expect(summary.getByText('Overdue')).toBeInTheDocument();
    // CAD is formatted with en-US on this page.
    expect(summary.getByText('Total Amount').nextElementSibling).toHaveTextContent('CA$120.50');
    const due = summary.getByTestId('amount-due');
    expect(due).toHaveTextContent('CA$120.50');
    expect(due).toHaveClass('text-danger');

    expect(screen.queryByRole('heading', { name: 'Payment History' })).not.toBeInTheDocument();
    expect(callsTo('invoiceContent')[0]!.url.search).toBe('?summary=');
  });

  it('hides Pay Invoice and shows Paid when nothing is owed', async () => {
    mockPortalBilling({ invoiceDetails: () => json(invoiceDetails(77n, 0)) });
    renderRoute('/invoices/77');
    const summary = within(await screen.findByRole('region', { name: 'Invoice Summary' }));
    expect(summary.getByText('Paid')).toBeInTheDocument();
    expect(summary.getByTestId('amount-due')).not.toHaveClass('text-danger');
    expect(screen.queryByRole('button', { name: 'Pay Invoice' })).not.toBeInTheDocument();
  });

  it('lists payments newest first (by date, then id), "Payment" when they have no description', async () => {
    wideScreen();
    mockPortalBilling({
      invoiceDetails: () =>
        json(
          invoiceDetails(77n, 20.5, [
            payment(5n, '2025-05-03T10:00:00Z', 50, 'Autopay'),
            payment(7n, '2025-05-10T10:00:00Z', 30, null, 'Error'),
            payment(9n, '2025-05-03T10:00:00Z', 20, '  '),
          ]),
        ),
    });
    renderRoute('/invoices/77');
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment History' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Payment History' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['May 10, 2025', 'Payment', 'CA$30.00', 'Error'],
      ['May 3, 2025', 'Payment', 'CA$20.00', 'Completed'],
      ['May 3, 2025', 'Autopay', 'CA$50.00', 'Completed'],
    ]);
  });

  it('lists payments on phones as two lines each, not a table that scrolls sideways (docs/decisions/0015-screens-fit-a-phone.md)', async () => {
    mockPortalBilling({
      invoiceDetails: () =>
        json(
          invoiceDetails(77n, 20.5, [
            payment(5n, '2025-05-03T10:00:00Z', 50, 'Autopay'),
            payment(7n, '2025-05-10T10:00:00Z', 30, null, 'Error'),
          ]),
        ),
    });
    renderRoute('/invoices/77');
    const list = await screen.findByRole('list', { name: 'Payment History' });
    expect(screen.queryByRole('table', { name: 'Payment History' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'May 10, 2025CA$30.00PaymentError',
      'May 3, 2025CA$50.00AutopayCompleted',
    ]);
  });

  it('says the invoice was not found for an unknown or foreign invoice', async () => {
    mockPortalBilling({ invoiceDetails: () => json({ error: 'The invoice was not found.' }, 404) });
    renderRoute('/invoices/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
  });

  it('says the invoice was not found for an id that is not a number, without asking the service', async () => {
    const { callsTo } = mockPortalBilling();
    renderRoute('/invoices/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(callsTo('invoiceDetails')).toHaveLength(0);
  });

  it('shows the error message when the invoice cannot be loaded', async () => {
    mockPortalBilling({ invoiceDetails: () => json({ error: 'Bad request' }, 400) });
    renderRoute('/invoices/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load invoice details. Please try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Failed to load invoice details' })).toBeInTheDocument();
  });

  it('reopens the pay modal after a card was added from it, and cleans the URL', async () => {
    mockPortalBilling();
    const { router } = renderRoute('/invoices/77?paymentMethodAdded=true&fromInvoiceId=77&showPaymentModal=true');
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice' });
    expect(within(dialog).getByText('Invoice #INV-77')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the card was not added, and does not reopen the pay modal, when the same card is saved already', async () => {
    mockPortalBilling();
    const { router } = renderRoute('/invoices/77?fromInvoiceId=77&cardNotSaved=duplicate');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card is already saved on this account. Use the saved card, or add a different one.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('does not open the pay modal for a return that names another invoice', async () => {
    mockPortalBilling();
    const { router } = renderRoute('/invoices/77?paymentMethodAdded=true&fromInvoiceId=78&showPaymentModal=true');
    expect(await screen.findByText('Your card was added. You can now pay this invoice.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
