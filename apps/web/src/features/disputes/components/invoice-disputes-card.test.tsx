import type { Charge, Dispute } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceDetails, mockPortalBilling } from '@/test/portal-billing';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, renderRoute } from '@/test/utils';

const DAY = 86_400_000;

const charge = (id: bigint, description: string, amount: number): Charge => ({
  id,
  accountId: 1001n,
  invoiceId: 77n,
  category: 'Usage',
  description,
  quantity: 1,
  unitAmount: null,
  amount,
  currency: 'CAD',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  taxCode: null,
});

const dispute = (fields: Partial<Dispute>): Dispute => ({
  id: 9n,
  accountId: 1001n,
  accountNumber: '100001',
  accountName: 'Casey Customer',
  invoiceId: 77n,
  invoiceNumber: 'INV-77',
  chargeId: 501n,
  cdrId: null,
  lineChargeId: 501n,
  lineDescription: 'Long distance',
  lineAmount: 30,
  reason: 'WrongAmount',
  details: '',
  amount: 10,
  currency: 'CAD',
  status: 'Open',
  createdAt: new Date(Date.now() - DAY).toISOString(),
  raisedBy: 'Casey Customer',
  reviewed: null,
  resolved: null,
  creditedAmount: null,
  creditedTax: null,
  rejectionReason: null,
  ...fields,
});

/** The invoice posted `daysAgo` days ago (the window counts calendar days in the browser's zone here). */
const postedDaysAgo = (daysAgo: number) => {
  const details = invoiceDetails(77n, 80);
  return { ...details, invoice: { ...details.invoice, postedDate: new Date(Date.now() - daysAgo * DAY).toISOString() } };
};

const tax = (id: bigint, description: string, amount: number): Charge => ({ ...charge(id, description, amount), category: 'Tax', taxCode: 'HST' });
const LINES = [
  charge(500n, 'Unlimited Canada plan', 50),
  charge(501n, 'Long distance', 30),
  charge(502n, 'Loyalty credit', -5),
  charge(503n, 'Roaming calls', 9.1),
  tax(504n, 'HST 13%', 10.58),
];

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const card = async () => within(await screen.findByRole('region', { name: 'Charge disputes' }));
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => `${option.textContent}${(option as HTMLOptionElement).disabled ? ' (disabled)' : ''}`);

describe('charge disputes on the invoice detail', () => {
  it('lists only the disputes; "Dispute a charge" offers the charges, taxes left out, each saying what is left', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(5)),
      charges: () => json({ value: LINES }),
      disputes: () =>
        json({
          value: [
            dispute({ amount: 30 }),
            dispute({ id: 8n, chargeId: 500n, lineChargeId: 500n, lineDescription: 'Unlimited Canada plan', status: 'Rejected', rejectionReason: 'As agreed.' }),
            // Two call records billed on the roaming line.
            dispute({ id: 7n, chargeId: null, cdrId: 900n, lineChargeId: 503n, lineDescription: 'Call to France', lineAmount: 7.35, amount: 7.35 }),
            dispute({ id: 6n, chargeId: null, cdrId: 901n, lineChargeId: 503n, lineDescription: 'Call to Spain', lineAmount: 1.1, amount: 1.1, status: 'Resolved', creditedAmount: 1.1, creditedTax: 0.14 }),
          ],
          count: 4,
        }),
    });
    renderRoute('/invoices/77');
    const region = await card();
    expect(region.getByText(/The terms say charge disputes must be raised within 30 days of the billing date\./)).toBeInTheDocument();
    expect(region.getByText(/You can dispute a charge of this invoice until/)).toBeInTheDocument();
    const listed = within(await region.findByRole('list', { name: 'Your disputes' }));
    expect(listed.getAllByRole('listitem')).toHaveLength(4);
    expect(region.getByText('Rejected: As agreed.')).toBeInTheDocument();
    // Taxes follow the charges they are on: the credit took its share of them.
    expect(region.getByText('Credited CA$1.10, and CA$0.14 of tax with it')).toBeInTheDocument();
    // The charges are the Charges card's: this card repeats none of them.
    expect(region.queryByText('Roaming calls')).not.toBeInTheDocument();
    expect(region.queryByText('HST 13%')).not.toBeInTheDocument();

    await user.click(await region.findByRole('button', { name: 'Dispute a charge' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    const select = dialog.getByRole('combobox', { name: /Charge/ });
    expect(select).toHaveFocus();
    expect(optionsOf(select)).toEqual([
      'Choose a charge',
      'Unlimited Canada plan, billed CA$50.00',
      'Long distance, billed CA$30.00: nothing left to dispute (disabled)',
      'Roaming calls, billed CA$9.10: CA$0.65 left to dispute',
    ]);
    expect(dialog.getByText('Taxes are not disputed on their own: they follow the charges they are on.')).toBeInTheDocument();
    expect(callsTo('charges')[0]!.url.searchParams.get('dnfilter')).toBe('InvoiceId==77');
    expect(callsTo('disputes')[0]!.url.searchParams.get('dnfilter')).toBe('InvoiceId==77');
  });

  it('says so when nothing is left to dispute, and offers no dispute', async () => {
    mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(5)),
      charges: () => json({ value: [charge(501n, 'Long distance', 30), tax(504n, 'HST 13%', 3.9)] }),
      disputes: () => json({ value: [dispute({ amount: 30, status: 'Resolved', creditedAmount: 30 })], count: 1 }),
    });
    renderRoute('/invoices/77');
    const region = await card();
    expect(await region.findByText('Nothing is left to dispute on this invoice: its charges are disputed in full.')).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Dispute a charge' })).not.toBeInTheDocument();
  });

  it('explains the 30-day rule instead of the action once the window has closed', async () => {
    const { callsTo } = mockPortalBilling({ invoiceDetails: () => json(postedDaysAgo(40)), charges: () => json({ value: LINES }) });
    renderRoute('/invoices/77');
    const region = await card();
    expect(region.getByText(/The terms say charge disputes must be raised within 30 days of the billing date\./)).toHaveTextContent(
      /The window for this invoice closed on .*: its charges can no longer be disputed\./,
    );
    expect(await region.findByText('No charge of this invoice is disputed.')).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Dispute a charge' })).not.toBeInTheDocument();
    expect(callsTo('charges')).toHaveLength(0);
  });

  it('disputes a charge: charge, reason and amount checked, confirmation, then sent; focus returns to the opener on Cancel', async () => {
    const user = userEvent.setup();
    let disputes: Dispute[] = [];
    const { callsTo } = mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(3)),
      charges: () => json({ value: LINES }),
      disputes: () => json({ value: disputes, count: disputes.length }),
      createDispute: (call) => {
        disputes = [dispute({ id: 12n, chargeId: 501n, amount: 12.5, details: 'Never called France.' })];
        return json({ ...disputes[0], ...(call.body as object) });
      },
    });
    renderRoute('/invoices/77');
    const region = await card();
    const opener = await region.findByRole('button', { name: 'Dispute a charge' });

    await user.click(opener);
    let dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    expect(dialog.getByText('Choose the charge you dispute.')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: /Charge/ })).toHaveFocus();

    await user.selectOptions(dialog.getByRole('combobox', { name: /Charge/ }), 'Long distance, billed CA$30.00');
    expect(dialog.getByText('Long distance, billed CA$30.00.')).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: /Amount disputed/ });
    expect(amount).toHaveValue('30.00');
    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    expect(dialog.getByText('Choose a reason.')).toBeInTheDocument();
    expect(dialog.getByText('The amount cannot be more than CA$30.00.')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: /Reason/ })).toHaveFocus();

    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'I do not recognise this charge');
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(dialog.getByRole('textbox', { name: /Tell us more/ }), 'Never called France.');
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Send this dispute?' }));
    expect(confirm.getByText('You dispute CA$12.50 of “Long distance” because: I do not recognise this charge. Support will review it.')).toHaveFocus();
    expect(callsTo('createDispute')).toHaveLength(0);

    await user.click(confirm.getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('createDispute')[0]!.body).toEqual({ chargeId: 501, reason: 'NotRecognised', details: 'Never called France.', amount: 12.5 });
    expect(await region.findByText(/Your dispute was sent\./)).toBeInTheDocument();
    expect(await region.findByText('Never called France.')).toBeInTheDocument();
  });

  it('shows the service’s refusal in the confirmation and keeps the dialog open', async () => {
    const user = userEvent.setup();
    mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(3)),
      charges: () => json({ value: LINES }),
      createDispute: () =>
        json({ error: 'The terms say charge disputes must be raised within 30 days of the billing date. This invoice was billed on 2026-10-24; disputes closed after 2026-11-23.' }, 409),
    });
    renderRoute('/invoices/77');
    const region = await card();
    await user.click(await region.findByRole('button', { name: 'Dispute a charge' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /Charge/ }), 'Unlimited Canada plan, billed CA$50.00');
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Another reason');
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Send this dispute?' }));
    await user.click(confirm.getByRole('button', { name: 'Send dispute' }));
    expect(await confirm.findByRole('alert')).toHaveTextContent('disputes closed after 2026-11-23.');
  });

  it('says it in French', async () => {
    await changeLanguage('fr', { remember: true });
    const user = userEvent.setup();
    mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(5)),
      charges: () => json({ value: LINES }),
      disputes: () => json({ value: [dispute({ amount: 30 })], count: 1 }),
    });
    renderRoute('/invoices/77');
    const region = within(await screen.findByRole('region', { name: 'Contestations de frais' }));
    await user.click(await region.findByRole('button', { name: 'Contester des frais' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contester ces frais' }));
    const options = optionsOf(dialog.getByRole('combobox', { name: /Frais/ })).map((o) => o.replace(/\s/g, ' '));
    expect(options).toEqual([
      'Choisissez une ligne de frais',
      'Unlimited Canada plan, facturé 50,00 $',
      'Long distance, facturé 30,00 $ : plus rien à contester (disabled)',
      'Roaming calls, facturé 9,10 $',
    ]);
    expect(dialog.getByText('Les taxes ne sont pas contestées seules : elles suivent les frais auxquels elles s’appliquent.')).toBeInTheDocument();
  });
});
