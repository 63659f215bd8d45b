import type { InvoiceCredit, InvoicePayment } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, renderRoute } from '@/test/utils';
import { accountDetails } from '@/test/fixtures';
import { invoiceDetails, mockPortalBilling, wideScreen } from '@/test/portal-billing';

/** An invoice of 120.50 with a credit of 8.00 from dispute 41, and optionally a payment of 100.00. */
const credit: InvoiceCredit = {
  id: 3n,
  date: '2025-05-12T14:00:00Z',
  amount: 8,
  currency: 'CAD',
  line: 'Long distance to Paris',
  disputeId: 41n,
  reason: 'WrongAmount',
};
const payment: InvoicePayment = {
  payment: { id: 5n, date: '2025-05-20T10:00:00Z', description: 'Autopay', currency: 'CAD', status: 'Successful' },
  paymentAssignment: { id: 6n, amount: 100 },
};

/** Details of invoice 77 (120.50), due in the future so the status is not Overdue. */
const details = (owing: number, payments: InvoicePayment[], credits: InvoiceCredit[]) => {
  const answer = invoiceDetails(77n, owing, payments, credits);
  return { ...answer, invoice: { ...answer.invoice, dueDate: '2099-05-30' } };
};

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});
afterEach(() => changeLanguage('en'));

describe('invoice detail with a credit from a resolved dispute', () => {
  it('reads Total − Payments − Credits = Amount Due and says "Partially credited"', async () => {
    mockPortalBilling({ invoiceDetails: () => json(details(112.5, [], [credit])) });
    renderRoute('/invoices/77');
    const summary = within(await screen.findByRole('region', { name: 'Invoice Summary' }));
    expect(summary.getByText('Total Amount').nextElementSibling).toHaveTextContent('CA$120.50');
    expect(summary.getByTestId('summary-payments')).toHaveTextContent('−CA$0.00');
    expect(summary.getByTestId('summary-credits')).toHaveTextContent('−CA$8.00');
    expect(summary.getByTestId('amount-due')).toHaveTextContent('CA$112.50');
    expect(summary.getByText('Partially credited')).toBeInTheDocument();
    expect(summary.queryByText('Partially paid')).not.toBeInTheDocument();
  });

  it('lists each credit in a table: when, what, why, the dispute, the amount', async () => {
    wideScreen();
    mockPortalBilling({ invoiceDetails: () => json(details(12.5, [payment], [credit])) });
    renderRoute('/invoices/77');
    const table = await screen.findByRole('table', { name: 'Credits' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Credited', 'Reason', 'Dispute', 'Amount']);
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['May 12, 2025', 'Long distance to Paris', 'Wrong amount', 'Dispute #41', '−CA$8.00']);
    const summary = within(screen.getByRole('region', { name: 'Invoice Summary' }));
    expect(summary.getByTestId('summary-payments')).toHaveTextContent('−CA$100.00');
    expect(summary.getByText('Partially paid')).toBeInTheDocument();
  });

  it('says "Credited" when credits alone cleared the invoice, and lists them on a phone as lines', async () => {
    const whole = { ...credit, amount: 120.5, line: null, reason: null, disputeId: null };
    mockPortalBilling({ invoiceDetails: () => json(details(0, [], [whole])) });
    renderRoute('/invoices/77');
    const summary = within(await screen.findByRole('region', { name: 'Invoice Summary' }));
    expect(summary.getByText('Credited')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Credits' });
    expect(list).toHaveTextContent('Credit');
    expect(list).toHaveTextContent('−CA$120.50');
    expect(screen.queryByRole('button', { name: 'Pay Invoice' })).not.toBeInTheDocument();
  });

  it('is French for a French account: the summary lines, the status and the credit', async () => {
    wideScreen();
    await changeLanguage('fr');
    mockPortalBilling({
      details: () => json(accountDetails(1001n, { language: 'French' })),
      invoiceDetails: () => json(details(112.5, [], [credit])),
    });
    renderRoute('/invoices/77');
    const summary = within(await screen.findByRole('region', { name: 'Sommaire de la facture' }));
    expect(summary.getByText('Paiements')).toBeInTheDocument();
    expect(summary.getByText('Crédits')).toBeInTheDocument();
    expect(summary.getByText('Partiellement créditée')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Crédits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Élément crédité', 'Motif', 'Contestation', 'Montant']);
    expect(table).toHaveTextContent('Montant erroné');
    expect(table).toHaveTextContent('Contestation no 41');
  });
});
