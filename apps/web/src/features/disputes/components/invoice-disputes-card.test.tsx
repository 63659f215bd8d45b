import type { Charge, Dispute } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceDetails, mockPortalBilling } from '@/test/portal-billing';
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
  invoiceId: 77n,
  invoiceNumber: 'INV-77',
  chargeId: 501n,
  cdrId: null,
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
  rejectionReason: null,
  ...fields,
});

/** The invoice posted `daysAgo` days ago (the window counts calendar days in the browser's zone here). */
const postedDaysAgo = (daysAgo: number) => {
  const details = invoiceDetails(77n, 80);
  return { ...details, invoice: { ...details.invoice, postedDate: new Date(Date.now() - daysAgo * DAY).toISOString() } };
};

const LINES = [charge(500n, 'Unlimited Canada plan', 50), charge(501n, 'Long distance', 30), charge(502n, 'Loyalty credit', -5)];

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const card = async () => within(await screen.findByRole('region', { name: 'Charge disputes' }));

describe('charge disputes on the invoice detail', () => {
  it('offers "Dispute this charge" on each line that has something left to dispute, and lists the disputes', async () => {
    const { callsTo } = mockPortalBilling({
      invoiceDetails: () => json(postedDaysAgo(5)),
      charges: () => json({ value: LINES }),
      disputes: () => json({ value: [dispute({ amount: 30 }), dispute({ id: 8n, chargeId: 500n, lineDescription: 'Unlimited Canada plan', status: 'Rejected', rejectionReason: 'As agreed.' })], count: 2 }),
    });
    renderRoute('/invoices/77');
    const region = await card();
    expect(region.getByText(/The terms say charge disputes must be raised within 30 days of the billing date\./)).toBeInTheDocument();
    expect(region.getByText(/You can dispute a charge of this invoice until/)).toBeInTheDocument();
    // The plan's rejected dispute no longer claims it; the usage line is wholly disputed; a credit line has nothing to dispute.
    expect(await region.findByRole('button', { name: 'Dispute this charge: Unlimited Canada plan' })).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Dispute this charge: Long distance' })).not.toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Dispute this charge: Loyalty credit' })).not.toBeInTheDocument();
    expect(region.getByText('Rejected: As agreed.')).toBeInTheDocument();
    expect(region.getByText('Open')).toBeInTheDocument();
    expect(callsTo('charges')[0]!.url.searchParams.get('dnfilter')).toBe('InvoiceId==77');
    expect(callsTo('disputes')[0]!.url.searchParams.get('dnfilter')).toBe('InvoiceId==77');
  });

  it('explains the 30-day rule instead of the action once the window has closed', async () => {
    mockPortalBilling({ invoiceDetails: () => json(postedDaysAgo(40)), charges: () => json({ value: LINES }) });
    renderRoute('/invoices/77');
    const region = await card();
    expect(region.getByText(/The terms say charge disputes must be raised within 30 days of the billing date\./)).toHaveTextContent(
      /The window for this invoice closed on .*: its charges can no longer be disputed\./,
    );
    expect(region.queryByRole('button', { name: /Dispute this charge/ })).not.toBeInTheDocument();
    expect(region.getByText('No charge of this invoice is disputed.')).toBeInTheDocument();
  });

  it('disputes a line: reason and amount checked, confirmation, then sent; focus returns to the opener on Cancel', async () => {
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
    const opener = await region.findByRole('button', { name: 'Dispute this charge: Long distance' });

    await user.click(opener);
    let dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    expect(dialog.getByText('Long distance, billed CA$30.00.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
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
    await user.click(await region.findByRole('button', { name: 'Dispute this charge: Unlimited Canada plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute this charge' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Another reason');
    await user.click(dialog.getByRole('button', { name: 'Review dispute' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Send this dispute?' }));
    await user.click(confirm.getByRole('button', { name: 'Send dispute' }));
    expect(await confirm.findByRole('alert')).toHaveTextContent('disputes closed after 2026-11-23.');
  });
});
