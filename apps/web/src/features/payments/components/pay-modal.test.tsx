import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage, registerLocales } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { redirectTo } from '@/lib/redirect';
import { accountDetails, homeModel } from '@/test/fixtures';
import { card, mockPortalBilling, never, recentPayment } from '@/test/portal-billing';
import { json } from '@/test/utils';
import { paymentDialogLocales } from '../dialog-locales';
import { PayModal, type PayModalProps } from './pay-modal';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

await registerLocales('payment-dialogs', paymentDialogLocales);

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const renderModal = (props: Partial<PayModalProps> = {}) => {
  const onPaid = vi.fn();
  const onOpenChange = vi.fn();
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <PayModal
          open
          onOpenChange={onOpenChange}
          accountId={1001n}
          target={{ total: -120.5, currency: 'CAD' }}
          onPaid={onPaid}
          {...props}
        />
      ),
    },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onPaid, onOpenChange };
};

const payButton = () => screen.getByRole('button', { name: /^(Pay|Payer)( |$)/ });

/** The home model the modal follows a payment in: the payment as the service has it now. */
const homeWith = (payment: ReturnType<typeof recentPayment>) => () => json({ ...homeModel([[-120.5, 'CAD']]), recentPayments: [payment] });

describe('pay modal', () => {
  it('pays the Total Balance, absolute, with the default card and an idempotency key', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ home: homeWith(recentPayment(900n, 'Successful')) });
    const { onPaid, onOpenChange } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Make a One-time Payment' });
    expect(within(dialog).getByRole('radio', { name: /Total Balance/ })).toBeChecked();
    expect(within(dialog).getByText('The payment will be processed immediately.')).toBeInTheDocument();
    const method = await within(dialog).findByRole('combobox', { name: 'Payment method' });
    expect(method).toHaveDisplayValue('Visa •••• 4242 (expires 12/99, default)');
    // Expired cards are listed but cannot be chosen.
    expect(within(dialog).getByRole('option', { name: 'Mastercard •••• 4444 (expired 12/20)' })).toBeDisabled();

    expect(payButton()).toHaveTextContent('Pay $120.50');
    await user.click(payButton());

    // The modal follows the payment to its outcome before it says it is paid.
    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith({
        amount: 120.5,
        currency: 'CAD',
        payment: expect.objectContaining({ id: 900n, status: 'Successful' }),
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [call] = callsTo('pay');
    expect(call!.url.search).toBe('?autoAssignPayment=true');
    expect(call!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(call!.body).toEqual({
      payment: {
        status: 'InProgress',
        type: 'Credit Card (Manual)',
        accountId: 1001,
        amount: 120.5,
        currency: 'CAD',
        description: 'One-time payment',
      },
      paymentMethodInfo: { paymentMethodId: 11, cardId: 'pm_11', selected: true },
    });
  });

  it('pays an invoice: "Pay Invoice", assigned to its receivable', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderModal({ target: { total: 80, currency: 'CAD' }, invoice: { id: 77n, invoiceNumber: 'INV-77', arId: 7700n } });
    const dialog = await screen.findByRole('dialog', { name: 'Pay Invoice' });
    expect(within(dialog).getByText('Invoice #INV-77')).toBeInTheDocument();
    await within(dialog).findByRole('combobox', { name: 'Payment method' });
    await user.click(payButton());
    await waitFor(() => expect(callsTo('pay')).toHaveLength(1));
    expect(callsTo('pay')[0]!.body).toMatchObject({
      payment: { amount: 80, description: 'Payment for invoice #INV-77' },
      paymentAssignments: [{ arId: 7700, amount: 80 }],
    });
  });

  it('checks a custom amount: inline error and Pay disabled until it is above zero', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.click(screen.getByRole('radio', { name: 'Custom Amount' }));
    const input = screen.getByRole('spinbutton', { name: 'Custom amount (CAD)' });
    expect(input).toHaveFocus();
    expect(payButton()).toBeDisabled();

    await user.type(input, '0');
    expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(payButton()).toBeDisabled();

    await user.clear(input);
    await user.type(input, '25.5');
    expect(screen.queryByText('Please enter a valid amount')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Pay $25.50');
    await user.click(payButton());
    await waitFor(() => expect(callsTo('pay')).toHaveLength(1));
    expect(callsTo('pay')[0]!.body).toMatchObject({ payment: { amount: 25.5 } });
  });

  it('refuses a custom amount above what is owed (showing the most) or with more than 2 decimals', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling();
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.click(screen.getByRole('radio', { name: 'Custom Amount' }));
    const input = screen.getByRole('spinbutton', { name: 'Custom amount (CAD)' });
    await user.type(input, '120.51');
    expect(input).toHaveAccessibleDescription('The amount cannot be more than what is owed: $120.50.');
    expect(payButton()).toBeDisabled();
    await user.clear(input);
    await user.type(input, '10.505');
    expect(input).toHaveAccessibleDescription('Enter the amount with at most 2 decimals.');
    expect(payButton()).toBeDisabled();
    await user.clear(input);
    await user.type(input, '120.50');
    expect(payButton()).toBeEnabled();
    expect(callsTo('pay')).toHaveLength(0);
  });

  it("clears the service's error when the amount changes", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPortalBilling({ pay: () => json({ error: 'The payment amount is more than the balance owing.' }, 400) });
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment amount is more than the balance owing.');
    await user.click(screen.getByRole('radio', { name: 'Custom Amount' }));
    expect(screen.queryByText('The payment amount is more than the balance owing.')).not.toBeInTheDocument();
  });

  it('follows a payment the card declines: says so with the reason, offers another card, and never calls it paid', async () => {
    const user = userEvent.setup();
    const declined = recentPayment(900n, 'Error', { failureReason: 'insufficient_funds' });
    const { callsTo } = mockPortalBilling({
      cards: () => json({ value: [card(11n, 'Visa', '4242', 2099, true), card(13n, 'American Express', '0005', 2099)] }),
      home: homeWith(declined),
    });
    const { onPaid } = renderModal();
    const method = await screen.findByRole('combobox', { name: 'Payment method' });
    expect(method).toHaveDisplayValue('Visa •••• 4242 (expires 12/99, default)');
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your card was declined. The card has insufficient funds. Nothing was charged. Choose another card and pay again, or add a card.',
    );
    expect(onPaid).not.toHaveBeenCalled();
    // The next try starts on the other card, with a new key.
    expect(screen.getByRole('combobox', { name: 'Payment method' })).toHaveDisplayValue('American Express •••• 0005 (expires 12/99)');
    await user.click(payButton());
    await waitFor(() => expect(callsTo('pay')).toHaveLength(2));
    expect(callsTo('pay')[1]!.body).toMatchObject({ paymentMethodInfo: { paymentMethodId: 13 } });
    const [first, second] = callsTo('pay').map((c) => c.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });

  it('says the decline and its reason in French', async () => {
    const user = userEvent.setup();
    await changeLanguage('fr');
    try {
      mockPortalBilling({ home: homeWith(recentPayment(900n, 'Error', { failureReason: 'lost_or_stolen' })) });
      renderModal();
      await screen.findByRole('combobox', { name: 'Mode de paiement' });
      await user.click(payButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Votre carte a été refusée. La carte a été déclarée perdue ou volée. Rien n’a été débité. Ajoutez une autre carte, ou réessayez avec celle-ci.',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('marks a card whose last payment failed, and closing while processing leaves the payment to finish', async () => {
    const user = userEvent.setup();
    const failing = card(11n, 'Visa', '4242', 2099, true);
    mockPortalBilling({
      cards: () => json({ value: [{ ...failing, paymentMethod: { ...failing.paymentMethod, lastChargeFailed: true } }] }),
      home: homeWith(recentPayment(900n, 'InProgress')),
    });
    const { onPaid } = renderModal();
    const method = await screen.findByRole('combobox', { name: 'Payment method' });
    expect(method).toHaveDisplayValue('Visa •••• 4242 (expires 12/99, default, last payment failed)');
    await user.click(payButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Processing your payment of $120.50...');
    await user.click(screen.getByRole('button', { name: 'Close this window' }));
    expect(onPaid).toHaveBeenCalledWith({ amount: 120.5, currency: 'CAD', payment: expect.objectContaining({ status: 'InProgress' }) });
  });

  it('shows "Pay" without an amount while the custom amount is not valid', async () => {
    const user = userEvent.setup();
    mockPortalBilling();
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.click(screen.getByRole('radio', { name: 'Custom Amount' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Custom amount (CAD)' }), '0');
    expect(payButton()).toHaveTextContent(/^Pay$/);
    expect(payButton()).not.toHaveTextContent('$0.00');
  });

  it('is busy while processing: a double click sends one payment', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ pay: never });
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.dblClick(payButton());
    expect(await screen.findByRole('button', { name: /Processing/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: /Processing/ }));
    expect(callsTo('pay')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it("shows a declined payment's error, and a new attempt uses a new key", async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({
      pay: () => json({ payment: recentPayment(901n, 'Error'), error: 'Your card was declined.' }),
    });
    const { onPaid } = renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
    await user.click(payButton());
    await waitFor(() => expect(callsTo('pay')).toHaveLength(2));
    const [first, second] = callsTo('pay').map((c) => c.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });

  it('retries with the same key when the answer was lost, then shows "Failed to process payment. Please try again."', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { callsTo } = mockPortalBilling({
      pay: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json({ error: 'The payment amount is more than the balance owing.' }, 400);
      },
    });
    renderModal();
    await screen.findByRole('combobox', { name: 'Payment method' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process payment. Please try again.');
    await user.click(payButton());
    // The service's own text is shown for a refusal.
    expect(await screen.findByText('The payment amount is more than the balance owing.')).toBeInTheDocument();
    const [first, second] = callsTo('pay').map((c) => c.headers.get('Idempotency-Key'));
    expect(second).toBe(first);
    expect(logged).toHaveBeenCalled();
  });

  it('offers "Add Card" instead when there is no usable card', async () => {
    mockPortalBilling({ cards: () => json({ value: [card(12n, 'Mastercard', '4444', 2020)] }) });
    renderModal();
    expect(await screen.findByText('You have no saved card that can be used. Add a card to pay.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Card' })).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });
});

describe('add payment method', () => {
  it('starts the provider checkout from the pay modal of an invoice and comes back to it', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockPortalBilling({ cards: () => json({ value: [] }) });
    const { onOpenChange } = renderModal({
      target: { total: 80, currency: 'CAD' },
      invoice: { id: 77n, invoiceNumber: 'INV-77', arId: 7700n },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Card' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost/b/v1/checkoutapi/sandbox/cs_sb_1'));
    expect(callsTo('publicKey')).toHaveLength(1);
    const body = callsTo('checkout')[0]!.body as { accountId: number; successUrl: string; cancelUrl: string; order: object; appearance: object };
    expect(body.accountId).toBe(1001);
    // The provider's page follows the portal's theme and language (the defaults here: system, English).
    expect(body.appearance).toEqual({ theme: 'system', language: 'en' });
    expect(body.successUrl).toBe(
      `${window.location.origin}${window.location.pathname}?paymentMethodAdded=true&fromInvoiceId=77&showPaymentModal=true`,
    );
    expect(body.cancelUrl).toBe(window.location.href);
    expect(body.order).toEqual({
      name: 'Casey C. Billing',
      accountId: 1001,
      description: 'Add a payment method',
      email: 'billing@casey.example',
      accountType: 'Residential',
      currency: 'CAD',
      address: { city: 'Toronto', country: 'CA', postalCode: 'M5V 2T6', state: 'ON', line1: '12 Main Street' },
    });
  });

  it.each([
    [
      'no current billing address (checked before calling)',
      { details: () => json({ ...accountDetails(1001n), accountAddresses: [] }) },
      'No valid billing address found',
    ],
    [
      'the public key cannot be read',
      { publicKey: () => json({ error: 'Unavailable' }, 400) },
      'Could not get card provider public key',
    ],
    [
      'the provider did not load',
      { publicKey: () => json({ publicKey: '', provider: 'stripe' }) },
      'Stripe has not loaded correctly',
    ],
    [
      'the session cannot be created',
      { checkout: () => json({ error: 'The return and cancel addresses must be on this site.' }, 400) },
      'The return and cancel addresses must be on this site.',
    ],
    ['the session fails without a reason', { checkout: () => json(null, 403) }, 'Failed to create checkout session'],
    [
      'the checkout address is unusable',
      { checkout: () => json({ id: 'x', url: 'javascript:alert(1)' }) },
      'Failed to set up payment method',
    ],
  ] as const)('says why it cannot continue: %s', async (_name, overrides, message) => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { callsTo } = mockPortalBilling({ cards: () => json({ value: [] }), ...overrides });
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    await user.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(redirectTo).not.toHaveBeenCalled();
    if (message === 'No valid billing address found') expect(callsTo('publicKey')).toHaveLength(0);
  });
});
