import type { InvoiceChanges } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, renderRoute } from '@/test/utils';
import { accountDetails } from '@/test/fixtures';
import { invoiceDetails, mockPortalBilling } from '@/test/portal-billing';

/** What changed on invoice 77 against invoice 76, as the server words it. */
const changes: InvoiceChanges = {
  invoiceId: 77n,
  previousInvoiceId: 76n,
  difference: '9.34',
  summary: 'Your bill is $9.34 higher than last time ($111.16).',
  causes: [
    {
      kind: 'usageBeyondAllowance',
      amount: '12.34',
      text: 'Data beyond your 10,240 MB allowance: 11,474 MB used, 1,234 over ($12.34 this bill, $0.00 the last).',
      chargeIds: [501n],
      usage: { from: '2025-04-01', to: '2025-04-30', type: 'data', roaming: false, minAmount: '0.01' },
    },
    { kind: 'chargeGone', amount: '-3.00', text: 'No longer billed: Voicemail.', chargeIds: [401n] },
  ],
};

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});
afterEach(() => changeLanguage('en'));

describe('what changed on the invoice', () => {
  it('opens with the difference and each cause, linking to its lines and its usage records', async () => {
    mockPortalBilling({ invoiceDetails: () => json(invoiceDetails(77n, 120.5, [], [])), invoiceChanges: () => json(changes) });
    renderRoute('/invoices/77');
    const card = within(await screen.findByRole('region', { name: 'What changed on this bill' }));
    expect(card.getByText(changes.summary)).toBeInTheDocument();
    expect(card.getByText('+CA$12.34')).toBeInTheDocument();
    expect(card.getByText('−CA$3.00')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'See the usage records' })).toHaveAttribute(
      'href',
      '/usage?from=2025-04-01&to=2025-04-30&type=data&roaming=false&minAmount=0.01',
    );
    expect(card.getByRole('link', { name: 'See the charges' })).toHaveAttribute('href', '#charges-title');
    expect(card.getByRole('link', { name: 'See it on the previous invoice' })).toHaveAttribute('href', '/invoices/76#charges-title');
  });

  it('shows the account summary in the carrier’s form, in French', async () => {
    await changeLanguage('fr');
    mockPortalBilling({
      details: () => json(accountDetails(1001n, { language: 'French' })),
      invoiceDetails: () => json(invoiceDetails(77n, 120.5, [], [])),
      balanceForward: () =>
        json({ invoiceId: 77n, currency: 'CAD', previousBalance: 111.16, paymentsReceived: 100, creditsAndAdjustments: 11.16, balanceForward: 0, charges: 106.64, taxes: 13.86, newCharges: 120.5, amountDue: 120.5 }),
    });
    renderRoute('/invoices/77');
    const summary = within(await screen.findByRole('region', { name: 'Sommaire du compte' }));
    expect(summary.getByText('Solde précédent').nextElementSibling).toHaveTextContent('111,16');
    expect(summary.getByText('Paiements reçus').nextElementSibling).toHaveTextContent('−100,00');
    expect(summary.getByText('Crédits et ajustements').nextElementSibling).toHaveTextContent('−11,16');
    expect(summary.getByText('Total à payer').nextElementSibling).toHaveTextContent('120,50');
  });
});
