import { endpoints, type Dispute } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isCallTo } from '@/test/calls';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const dispute = (id: number, fields: Partial<Dispute>): Dispute => ({
  id: BigInt(id),
  accountId: 1001n,
  accountNumber: '100001',
  accountName: 'Casey Customer',
  invoiceId: 77n,
  invoiceNumber: 'INV-77',
  chargeId: 501n,
  cdrId: null,
  lineChargeId: 501n,
  lineDescription: `Line ${id}`,
  lineAmount: 30,
  reason: 'WrongAmount',
  details: 'Never called France.',
  amount: 20,
  currency: 'CAD',
  status: 'Open',
  createdAt: '2026-11-20T15:00:00.000Z',
  raisedBy: 'Casey Customer',
  reviewed: null,
  resolved: null,
  creditedAmount: null,
  creditedTax: null,
  rejectionReason: null,
  ...fields,
});

const backend = () => {
  const rows = [dispute(1, {}), dispute(2, { status: 'UnderReview', reviewed: { name: 'Taylor Morgan', at: '2026-11-21T10:00:00.000Z' } })];
  return mockFetch((call) => {
    if (isCallTo(endpoints.disputes, call)) {
      const pending = rows.filter((d) => d.status === 'Open' || d.status === 'UnderReview');
      return json({ value: pending, count: pending.length });
    }
    if (isCallTo(endpoints.reviewDispute, call)) {
      rows[0] = { ...rows[0]!, status: 'UnderReview', reviewed: { name: 'Taylor Morgan', at: '2026-11-25T10:00:00.000Z' } };
      return json(rows[0]);
    }
    if (isCallTo(endpoints.resolveDispute, call)) {
      const body = call.body as { outcome: 'Resolved' | 'Rejected'; creditedAmount?: number; rejectionReason?: string };
      if (body.creditedAmount === 19) return json({ error: 'The invoice owes only 18.00: the credit cannot take it below zero.', fields: { creditedAmount: 'The invoice owes only 18.00: the credit cannot take it below zero.' } }, 400);
      rows[1] = { ...rows[1]!, status: body.outcome, creditedAmount: body.creditedAmount ?? null, rejectionReason: body.rejectionReason ?? null };
      return json(rows[1]);
    }
    return json({ error: 'Not found' }, 404);
  });
};

describe('/admin/disputes', () => {
  beforeEach(() => {
    sessionStorage.setItem('token', makeToken({ sub: '7', name: 'Taylor Morgan', roles: ['Staff'], scopes: [] }));
  });

  it('lists the disputes waiting for support, oldest first, with what each is about', async () => {
    const { calls } = backend();
    renderRoute('/admin/disputes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    const first = within(await screen.findByRole('article', { name: /Dispute 1 · Line 1/ }));
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Invoice #INV-77' })).toHaveAttribute('href', '/invoices/77');
    expect(first.getByRole('button', { name: 'Take dispute 1' })).toBeInTheDocument();
    expect(first.getByText(/Account 100001 · Casey Customer/)).toBeInTheDocument();
    expect(first.getByText(/Disputed CA\$20\.00 of a charge billed CA\$30\.00/)).toBeInTheDocument();
    const second = within(screen.getByRole('article', { name: /Dispute 2/ }));
    expect(second.getByText('Taken by Taylor Morgan')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Resolve dispute 2 with a credit' })).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Reject dispute 2' })).toBeInTheDocument();
    const query = calls.find((c) => isCallTo(endpoints.disputes, c))!.url.searchParams;
    expect(query.get('dnfilter')).toBe('Status=="Open" || Status=="UnderReview"');
    expect(query.get('orderby')).toBe('CreatedAt asc');
  });

  it('names a call record’s dispute as a call, with what the call was billed', async () => {
    mockFetch((call) =>
      isCallTo(endpoints.disputes, call)
        ? json({ value: [dispute(3, { chargeId: null, cdrId: 900n, lineChargeId: 503n, lineDescription: 'Call to France', lineAmount: 7.35, amount: 7.35 })], count: 1 })
        : json({ error: 'Not found' }, 404),
    );
    renderRoute('/admin/disputes');
    const article = within(await screen.findByRole('article', { name: /Dispute 3 · Call to France/ }));
    expect(article.getByText(/Disputed CA\$7\.35 of a call billed CA\$7\.35/)).toBeInTheDocument();
  });

  it('filters by account number, refusing what is not one, and shows every account again', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/disputes');
    await screen.findByRole('article', { name: /Dispute 1/ });
    const search = within(screen.getByRole('search', { name: 'Disputes of one account' }));
    const number = search.getByRole('textbox', { name: 'Account number' });

    await user.type(number, '1" || 1==1');
    await user.click(search.getByRole('button', { name: 'Filter' }));
    expect(search.getByText('Enter an account number: letters, digits and hyphens only.')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    const filters = () => calls.filter((c) => isCallTo(endpoints.disputes, c)).map((c) => c.url.searchParams.get('dnfilter'));
    expect(filters().every((f) => !f!.includes('AccountNumber'))).toBe(true);

    await user.clear(number);
    await user.type(number, ' 100001 ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filters()).toContain('(Status=="Open" || Status=="UnderReview") && AccountNumber=="100001"'));
    expect(await screen.findByText('2 disputes of account 100001')).toBeInTheDocument();
    expect(search.queryByText('Enter an account number: letters, digits and hyphens only.')).not.toBeInTheDocument();

    await user.click(search.getByRole('button', { name: 'Show every account' }));
    expect(number).toHaveValue('');
    expect(await screen.findByText('2 disputes')).toBeInTheDocument();
  });

  it('says it in French', async () => {
    await changeLanguage('fr', { remember: true });
    backend();
    renderRoute('/admin/disputes');
    const first = within(await screen.findByRole('article', { name: /Contestation 1/ }));
    expect(first.getByText(/Compte 100001 · Casey Customer/)).toBeInTheDocument();
    expect(first.getByText(/Contesté 20,00\s\$\sCA d’une ligne de frais facturée 30,00\s\$\sCA/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toBeInTheDocument();
  });

  it('takes a dispute after a confirmation, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/disputes');
    await user.click(await screen.findByRole('button', { name: 'Take dispute 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take this dispute?' }));
    // Taking a dispute removes nothing: its confirmation is not coloured as a destructive action.
    expect(dialog.getByRole('button', { name: 'Take' }).className).not.toMatch(/\bbg-danger\b/);
    await user.click(dialog.getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Dispute 1 is under review by you.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.reviewDispute, c)).map((c) => c.url.pathname)).toEqual(['/b/v1/Dispute/1/review']);
  });

  it('resolves with a credit: amount checked, the service’s refusal beside the field, then credited', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/disputes');
    await user.click(await screen.findByRole('button', { name: 'Resolve dispute 2 with a credit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Resolve with a credit' }));
    const credit = dialog.getByRole('textbox', { name: /Credit/ });
    expect(credit).toHaveValue('20.00');
    expect(credit).toHaveFocus();
    await user.clear(credit);
    await user.type(credit, '25');
    await user.click(dialog.getByRole('button', { name: /^Credit / }));
    expect(dialog.getByText('The amount cannot be more than CA$20.00.')).toBeInTheDocument();
    await user.clear(credit);
    await user.type(credit, '19');
    await user.click(dialog.getByRole('button', { name: 'Credit CA$19.00' }));
    expect(await dialog.findByText('The invoice owes only 18.00: the credit cannot take it below zero.')).toBeInTheDocument();
    await user.clear(credit);
    await user.type(credit, '12.34');
    await user.click(dialog.getByRole('button', { name: 'Credit CA$12.34' }));
    expect(await screen.findByText('Dispute 2 is resolved with a credit of CA$12.34.')).toBeInTheDocument();
    const resolves = calls.filter((c) => isCallTo(endpoints.resolveDispute, c));
    expect(resolves.map((c) => c.body)).toEqual([
      { outcome: 'Resolved', creditedAmount: 19 },
      { outcome: 'Resolved', creditedAmount: 12.34 },
    ]);
  });

  it('rejects only with a reason; Cancel gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { calls } = backend();
    renderRoute('/admin/disputes');
    const opener = await screen.findByRole('button', { name: 'Reject dispute 2' });
    await user.click(opener);
    let dialog = within(await screen.findByRole('dialog', { name: 'Reject this dispute?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    dialog = within(await screen.findByRole('dialog', { name: 'Reject this dispute?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(dialog.getByText('Say why the dispute is rejected.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.resolveDispute, c))).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: /Reason for the customer/ }), 'Billed as agreed.');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Dispute 2 is rejected.')).toBeInTheDocument();
    expect(calls.filter((c) => isCallTo(endpoints.resolveDispute, c))[0]!.body).toEqual({ outcome: 'Rejected', rejectionReason: 'Billed as agreed.' });
  });

  it('tells a customer the page is for support staff', async () => {
    sessionStorage.setItem('token', makeToken({ roles: [], scopes: ['ac:1001'] }));
    backend();
    renderRoute('/admin/disputes');
    expect(await screen.findByText('Only support staff and administrators can review disputes.')).toBeInTheDocument();
  });
});
