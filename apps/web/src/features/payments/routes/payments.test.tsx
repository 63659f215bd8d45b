import type { AutopayScheduleResponse, HomeModel } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { accountDetails, homeModel } from '@/test/fixtures';
import { json, makeToken, renderRoute } from '@/test/utils';
import { card, mockPortalBilling, NO_OPEN_INVOICES, recentPayment, wideScreen } from '@/test/portal-billing';

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const cardItem = async (label: string) => {
  const list = await screen.findByRole('list', { name: 'Saved cards' });
  return within(within(list).getByText(label).closest('li')!);
};

describe('payments screen', () => {
  it('shows the balance owing in red with its due date, and the cards with their badges and actions', async () => {
    mockPortalBilling({
      cards: () =>
        json({
          value: [card(11n, 'Visa', '4242', 2099, true), card(12n, 'Mastercard', '4444', 2020), card(13n, 'amex', '0005', 2098)],
        }),
    });
    renderRoute('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Methods' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

    const balance = within(await screen.findByRole('region', { name: 'Account Balance' }));
    expect(balance.getByText('$120.50')).toHaveClass('text-danger');
    expect(balance.getByText('Amount owing')).toBeInTheDocument();
    expect(balance.getByText('Overdue since May 30, 2025')).toBeInTheDocument();
    expect(balance.getByText('Amount overdue: $120.50')).toBeInTheDocument();

    const visa = await cardItem('Visa •••• 4242');
    expect(visa.getByText('Default')).toBeInTheDocument();
    expect(visa.queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();
    expect(visa.getByRole('button', { name: 'Delete card Visa •••• 4242 (expires 12/99)' })).toBeInTheDocument();

    const mastercard = await cardItem('Mastercard •••• 4444');
    expect(mastercard.getByText('Expired')).toBeInTheDocument();
    expect(mastercard.getByText('Expired 12/20')).toBeInTheDocument();
    expect(mastercard.queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();
    expect(mastercard.getByRole('button', { name: 'Delete card Mastercard •••• 4444 (expires 12/20)' })).toBeInTheDocument();

    const amex = await cardItem('American Express •••• 0005');
    expect(amex.queryByText('Default')).not.toBeInTheDocument();
    expect(amex.queryByText('Expired')).not.toBeInTheDocument();
    expect(amex.getByRole('button', { name: 'Set as default American Express •••• 0005 (expires 12/98)' })).toBeInTheDocument();
  });

  it('says "You do not have a balance owing" on Pay Now when nothing is owed, without opening a dialog', async () => {
    const user = userEvent.setup();
    mockPortalBilling({ home: () => json(homeModel([[0, 'CAD']])) });
    renderRoute('/payments');
    const card = within(await screen.findByRole('region', { name: 'Make a One-time Payment' }));
    const payNow = card.getByRole('button', { name: 'Pay Now' });
    await user.click(payNow);
    expect(card.getByRole('status')).toHaveTextContent('You do not have a balance owing');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(payNow).toHaveFocus();
  });

  it('sets a card as default', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      cards: () => json({ value: [card(11n, 'Visa', '4242', 2099, true), card(13n, 'amex', '0005', 2098)] }),
    });
    renderRoute('/payments');
    await user.click((await cardItem('American Express •••• 0005')).getByRole('button', { name: /as default/ }));
    expect(await screen.findByText('American Express •••• 0005 is now your default card.')).toBeInTheDocument();
    expect(callsTo('setDefault')[0]!.url.pathname).toBe('/b/v1/PaymentMethod/defaultmethod/13');
  });

  it('does not offer to delete the only card, and says why', async () => {
    const { callsTo } = mockPortalBilling({ cards: () => json({ value: [card(11n, 'Visa', '4242', 2099, true)] }) });
    renderRoute('/payments');
    const only = await cardItem('Visa •••• 4242');
    expect(only.getByText('Your only card: add another before removing this one.')).toBeInTheDocument();
    expect(only.queryByRole('button', { name: /Delete card/ })).not.toBeInTheDocument();
    expect(callsTo('deleteCard')).toHaveLength(0);
  });

  it('deletes a card after confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderRoute('/payments');
    await user.click((await cardItem('Mastercard •••• 4444')).getByRole('button', { name: 'Delete card Mastercard •••• 4444 (expires 12/20)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete card?' });
    expect(dialog).toHaveTextContent('Mastercard •••• 4444 will be removed from your account.');
    expect(callsTo('deleteCard')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(await screen.findByText('Mastercard •••• 4444 was removed.')).toBeInTheDocument();
    expect(callsTo('deleteCard')[0]!.url.pathname).toBe('/b/v1/PaymentMethod/methods/12');
  });

  it("shows the service's refusal when a delete fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({ deleteCard: () => json(null, 403) });
    renderRoute('/payments');
    await user.click((await cardItem('Mastercard •••• 4444')).getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete payment method. Please try again.');
  });

  it('disables the automatic payments switch, with a tooltip, when there are no cards', async () => {
    mockPortalBilling({ cards: () => json({ value: [] }) });
    renderRoute('/payments');
    const toggle = await screen.findByRole('switch', { name: 'Automatic payments' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    // The reason is on screen, and as a tooltip on the focusable wrapper for keyboard and mouse users.
    expect(screen.getAllByText('Add a payment method first').length).toBeGreaterThan(0);
    const wrapper = toggle.closest<HTMLElement>('[tabindex="0"]')!;
    act(() => wrapper.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add a payment method first');
    expect(screen.getByRole('heading', { name: 'No saved cards' })).toBeInTheDocument();
  });

  it('opens "Setup Automatic Payments" when switched on, and saves the chosen schedule', async () => {
    const user = userEvent.setup();
    let autopay: AutopayScheduleResponse = { schedule: null, nextRunDate: null, preview: NO_OPEN_INVOICES };
    let method: 'Credit Card' | 'Credit Card (Manual)' = 'Credit Card (Manual)';
    const { callsTo } = mockPortalBilling({
      details: () => json(accountDetails(1001n, { paymentMethod: method })),
      autopay: () => json(autopay),
      saveAutopay: (call) => {
        method = 'Credit Card';
        autopay = { schedule: call.body as AutopayScheduleResponse['schedule'], nextRunDate: '2025-06-15', preview: NO_OPEN_INVOICES };
        return json(autopay);
      },
    });
    renderRoute('/payments');
    await user.click(await screen.findByRole('switch', { name: 'Automatic payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setup Automatic Payments' });
    expect(within(dialog).getByRole('radio', { name: /On the invoice due date/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Full balance/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    // Expired cards are not offered.
    expect(within(dialog).queryByRole('radio', { name: /Mastercard/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Monthly on the 15th/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Fixed amount/ }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Fixed amount (CAD)' });
    expect(amount).toHaveValue(100);
    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(within(dialog).getByText('Please enter a valid amount')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a valid payment amount.');
    expect(callsTo('saveAutopay')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Automatic payments are set up.')).toBeInTheDocument();
    expect(callsTo('saveAutopay')[0]!.url.pathname).toBe('/b/v1/Account/1001/autopay');
    expect(callsTo('saveAutopay')[0]!.body).toEqual({
      accountId: 1001,
      paymentMethodId: 11,
      frequency: 'monthly',
      amountType: 'fixed',
      fixedAmount: 75,
      includeOverdue: true,
    });

    const toggle = await screen.findByRole('switch', { name: 'Automatic payments' });
    await waitFor(() => expect(toggle).toBeChecked());
    const schedule = within(screen.getByLabelText('Your automatic payment schedule'));
    expect(schedule.getByText('Monthly on the 15th')).toBeInTheDocument();
    expect(schedule.getByText('$75.00 each time')).toBeInTheDocument();
    expect(schedule.getByText('Jun 15, 2025')).toBeInTheDocument();
  });

  it("shows the setup failure's own message", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({
      saveAutopay: () => json({ error: 'The card for automatic payments has expired. Please choose another card.' }, 400),
    });
    renderRoute('/payments');
    await user.click(await screen.findByRole('switch', { name: 'Automatic payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Setup Automatic Payments' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The card for automatic payments has expired. Please choose another card.',
    );
  });

  it('turns automatic payments off after confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      details: () => json(accountDetails(1001n, { paymentMethod: 'Credit Card' })),
      autopay: () =>
        json({
          schedule: { accountId: 1001n, paymentMethodId: 11n, frequency: 'dueDate', amountType: 'full', fixedAmount: null, includeOverdue: true },
          nextRunDate: '2025-05-30',
          preview: NO_OPEN_INVOICES,
        }),
    });
    renderRoute('/payments');
    const toggle = await screen.findByRole('switch', { name: 'Automatic payments' });
    expect(toggle).toBeChecked();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(await screen.findByText('On each invoice’s due date')).toBeInTheDocument();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off automatic payments?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Automatic payments are turned off.')).toBeInTheDocument();
    expect(callsTo('switchAutopay')[0]!.body).toEqual({ accountId: 1001, paymentMethod: 'Credit Card (Manual)' });
  });

  it('says so when turning automatic payments off fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({
      details: () => json(accountDetails(1001n, { paymentMethod: 'Credit Card' })),
      switchAutopay: () => json({ error: 'nope' }, 400),
    });
    renderRoute('/payments');
    await user.click(await screen.findByRole('switch', { name: 'Automatic payments' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update automatic payment settings. Please try again later.',
    );
  });

  it('lists payments with Completed (green) and other statuses as they are, and the card used', async () => {
    wideScreen();
    const home: HomeModel = {
      ...homeModel([[-120.5, 'CAD']]),
      recentPayments: [
        recentPayment(3n, 'Successful', { date: '2025-05-02T15:00:00Z', amount: 50 }),
        recentPayment(2n, 'Error', { date: '2025-04-20T15:00:00Z', amount: 20, card: { brand: 'mastercard', last4: '4444' } }),
      ],
    };
    mockPortalBilling({ home: () => json(home) });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Amount', 'Status', 'Method', 'Receipt']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['May 2, 2025', '$50.00', 'Completed', 'Visa •••• 4242', 'Receipt'],
      // A failed payment says why.
      ['Apr 20, 2025', '$20.00', 'ErrorYour card was declined.', 'Mastercard •••• 4444', ''],
    ]);
  });

  const offlineHistory = (): HomeModel => ({
    ...homeModel([[-120.5, 'CAD']]),
    recentPayments: [
      recentPayment(5n, 'Successful', { card: null, method: 'bank_transfer', type: 'Bank transfer', date: '2025-05-03T15:00:00Z' }),
      recentPayment(4n, 'Successful', { card: null, method: 'cheque', type: 'Cheque', date: '2025-05-02T15:00:00Z' }),
    ],
  });
  const methodsIn = async (name: string) =>
    within(await screen.findByRole('table', { name }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!.textContent);

  it('names how an offline payment was made', async () => {
    wideScreen();
    mockPortalBilling({ home: () => json(offlineHistory()) });
    renderRoute('/payments');
    expect(await methodsIn('Payment History')).toEqual(['Bank transfer', 'Cheque']);
  });

  it('names how an offline payment was made in French', async () => {
    await changeLanguage('fr');
    try {
      wideScreen();
      mockPortalBilling({ details: () => json(accountDetails(1001n, { language: 'French' })), home: () => json(offlineHistory()) });
      renderRoute('/payments');
      expect(await methodsIn('Historique des paiements')).toEqual(['Virement bancaire', 'Chèque']);
    } finally {
      await changeLanguage('en');
    }
  });

  it('lists payments on two lines per payment on phones, without a table', async () => {
    mockPortalBilling({
      home: () =>
        json({
          ...homeModel([[-120.5, 'CAD']]),
          recentPayments: [recentPayment(3n, 'Successful', { date: '2025-05-02T15:00:00Z' })],
        }),
    });
    renderRoute('/payments');
    const list = await screen.findByRole('list', { name: 'Payment History' });
    expect(list).toHaveTextContent('May 2, 2025$50.00Visa •••• 4242CompletedReceipt');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the latest 10 payments, and all of them on request', async () => {
    wideScreen();
    const user = userEvent.setup();
    const payments = Array.from({ length: 12 }, (_, i) => recentPayment(BigInt(100 - i), 'Successful', { amount: 10 + i }));
    mockPortalBilling({ home: () => json({ ...homeModel([[-120.5, 'CAD']]), recentPayments: payments }) });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const more = screen.getByRole('button', { name: 'Show all 12 payments' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByRole('button', { name: 'Show fewer payments' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('polls while a payment is in progress until it has settled', async () => {
    wideScreen();
    let reads = 0;
    mockPortalBilling({
      home: () => {
        reads += 1;
        return json({
          ...homeModel([[-120.5, 'CAD']]),
          recentPayments: [recentPayment(3n, reads < 2 ? 'InProgress' : 'Successful')],
        });
      },
    });
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Payment History' });
    expect(within(table).getByText('InProgress')).toBeInTheDocument();
    expect(screen.getByText('A payment is being processed. This list updates by itself.')).toBeInTheDocument();
    expect(await within(table).findByText('Completed', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('opens the one-time payment with the balance owing', async () => {
    const user = userEvent.setup();
    mockPortalBilling();
    renderRoute('/payments');
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    expect(within(dialog).getByRole('radio', { name: /Total Balance/ })).toBeChecked();
    expect(await within(dialog).findByRole('button', { name: 'Pay $120.50' })).toBeEnabled();
  });

  it('follows a one-time payment in place: the decline with its reason, then another card', async () => {
    const user = userEvent.setup();
    let recent: ReturnType<typeof recentPayment>[] = [];
    mockPortalBilling({
      cards: () => json({ value: [card(11n, 'Visa', '4242', 2099, true), card(13n, 'American Express', '0005', 2099)] }),
      home: () => json({ ...homeModel([[-120.5, 'CAD']]), recentPayments: recent }),
      pay: () => {
        recent = [recentPayment(900n, 'Error', { amount: 120.5, failureReason: 'card_declined' })];
        return json({ payment: recentPayment(900n, 'InProgress', { amount: 120.5 }), error: null });
      },
    });
    renderRoute('/payments');
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $120.50' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // In place, under "Pay Now": never a success, and another try a click away.
    const section = within(screen.getByRole('region', { name: 'Make a One-time Payment' }));
    expect(section.getByRole('status')).toHaveTextContent('Your card was declined. Your payment of $120.50 was not charged.');
    expect(screen.queryByText(/being processed/)).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Try another card' }));
    const again = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    expect(await within(again).findByRole('combobox', { name: 'Payment method' })).toHaveDisplayValue(
      'American Express •••• 0005 (expires 12/99)',
    );
  });

  it('says before saving what turning automatic payments on charges, and leaves the overdue amount out when asked', async () => {
    const user = userEvent.setup();
    const preview: AutopayScheduleResponse['preview'] = {
      today: '2026-12-01',
      chargedThisMonth: false,
      openInvoices: [
        { dueDate: '2026-10-15', amount: 50, tried: false },
        { dueDate: '2026-11-15', amount: 25, tried: false },
        { dueDate: '2026-12-20', amount: 40, tried: false },
      ],
    };
    const { callsTo } = mockPortalBilling({ autopay: () => json({ schedule: null, nextRunDate: null, preview }) });
    renderRoute('/payments');
    await user.click(await screen.findByRole('switch', { name: 'Automatic payments' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Setup Automatic Payments' }));
    const charged = dialog.getByRole('region', { name: 'What will be charged' });
    expect(charged).toHaveTextContent('$75.00 for 2 overdue invoices today, then each bill on its due date, to Visa •••• 4242.');
    expect(dialog.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(
      '$75.00 for 2 overdue invoices today, then each bill on its due date, to Visa •••• 4242.',
    );

    await user.click(dialog.getByRole('radio', { name: /Leave the overdue amount out/ }));
    expect(charged).toHaveTextContent(
      '$40.00 on Dec 20, 2026, then each bill on its due date, to Visa •••• 4242. The overdue $75.00 (2 invoices) is not charged: pay it with Make a One-time Payment.',
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('saveAutopay')).toHaveLength(1));
    expect(callsTo('saveAutopay')[0]!.body).toMatchObject({ frequency: 'dueDate', amountType: 'full', includeOverdue: false });
  });

  it('says the automatic payments preview in French', async () => {
    const user = userEvent.setup();
    await changeLanguage('fr');
    try {
      const preview: AutopayScheduleResponse['preview'] = {
        today: '2026-12-01',
        chargedThisMonth: false,
        openInvoices: [{ dueDate: '2026-11-15', amount: 25, tried: false }],
      };
      mockPortalBilling({
        details: () => json(accountDetails(1001n, { language: 'French' })),
        autopay: () => json({ schedule: null, nextRunDate: null, preview }),
      });
      renderRoute('/payments');
      await user.click(await screen.findByRole('switch', { name: 'Paiements automatiques' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Configurer les paiements automatiques' }));
      expect(dialog.getByRole('region', { name: 'Ce qui sera débité' }).textContent?.replace(/\u00a0/g, ' ')).toBe(
        'Ce qui sera débité25,00 $ pour 1 facture en retard aujourd’hui, puis chaque facture à son échéance, sur la carte Visa •••• 4242.',
      );
      expect(dialog.getByRole('group', { name: /Factures en retard/ })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('says a card was added when coming back from the checkout, and cleans the URL', async () => {
    mockPortalBilling();
    const { router } = renderRoute('/payments?paymentMethodAdded=true');
    expect(await screen.findByText('Your card was added.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the card was not added when the same card is saved already, in an alert, and cleans the URL', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling();
    const { router } = renderRoute('/payments?cardNotSaved=duplicate');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card is already saved on this account. Use the saved card, or add a different one.',
    );
    expect(screen.queryByText('Your card was added.')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    logged.mockRestore();
  });

  it('says it in French for a French account', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({ details: () => json(accountDetails(1001n, { language: 'French' })) });
    renderRoute('/payments?cardNotSaved=duplicate');
    expect(await screen.findByText('Cette carte est déjà enregistrée dans ce compte. Utilisez la carte enregistrée ou ajoutez-en une autre.')).toBeInTheDocument();
    logged.mockRestore();
  });

  it('shows the load error when payment information cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({ cards: () => json({ error: 'nope' }, 404) });
    renderRoute('/payments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment information. Please try again later.');
    expect(logged).toHaveBeenCalled();
  });

  it('shows "Failed to refresh payment methods." when a reload of the cards fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reads = 0;
    mockPortalBilling({
      cards: () => {
        reads += 1;
        return reads === 1
          ? json({ value: [card(11n, 'Visa', '4242', 2099, true), card(13n, 'amex', '0005', 2098)] })
          : json({ error: 'nope' }, 400);
      },
    });
    renderRoute('/payments');
    await user.click((await cardItem('American Express •••• 0005')).getByRole('button', { name: /as default/ }));
    expect(await screen.findByText('Failed to refresh payment methods.')).toBeInTheDocument();
    // The cards read before stay on screen.
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('asks Staff to choose an account first', async () => {
    sessionStorage.setItem('token', makeToken({ roles: ['Staff'], scopes: [] }));
    mockPortalBilling();
    renderRoute('/payments');
    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();
  });
});
