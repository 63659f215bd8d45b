import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n/i18n';
import { accountDetails, names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute, type FetchCall } from '@/test/utils';

type Handler = (call: FetchCall) => Response | Promise<Response>;

/** The account calls this screen makes; `save` answers PUT Account/customerdetails, `history` the account activity. */
const mockAccount = ({ details, save, history }: { details?: Handler; save?: Handler; history?: Handler } = {}) => {
  const mock = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/b/v1/Account/details/1001') return details ? details(call) : json(accountDetails(1001n));
    if (path === '/b/v1/Account/1001/history') return history ? history(call) : json({ value: [], count: 0 });
    // The bell and the email choices (features/notifications), on every portal page and on this one.
    if (path === '/b/v1/Notification/items') return json({ value: [], count: 0 });
    if (path === '/b/v1/Notification/preferences') return json({ invoice_posted: true, payment_succeeded: true, payment_failed: true, autopay_scheduled: true, card_expiring: true, dispute_status_changed: true });
    if (call.method === 'PUT' && path === '/b/v1/Account/customerdetails') return save ? save(call) : json(true);
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
  return { ...mock, saves: () => mock.calls.filter((c) => c.method === 'PUT') };
};

const section = (name: string) => within(screen.getByRole('region', { name }));
const shown = (region: ReturnType<typeof section>, label: string) => region.getByText(label).nextElementSibling;

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('account information', () => {
  it('shows a spinner, then the account, billing contact and billing address, with N/A for empty values', async () => {
    const base = accountDetails(1001n);
    mockAccount({
      details: () => json({ ...base, contacts: [{ ...base.contacts[0]!, primaryPhone: null }], accountAddresses: [] }),
    });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Information' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading account details...');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    const account = section('Account Details');
    expect(shown(account, 'Account Number')).toHaveTextContent('C-1001');
    expect(shown(account, 'Account Name')).toHaveTextContent('Casey Customer');
    expect(shown(account, 'Account Type')).toHaveTextContent('Residential');
    expect(shown(account, 'Language Preference')).toHaveTextContent('English');
    expect(shown(account, 'Invoice Email Address')).toHaveTextContent('billing@casey.example');
    const contact = section('Billing Contact');
    expect(shown(contact, 'First Name')).toHaveTextContent('Jane');
    expect(shown(contact, 'Phone Number')).toHaveTextContent('N/A');
    const address = section('Billing Address');
    for (const label of ['Street Number', 'Street Name', 'City', 'Province / State', 'Postal / Zip Code', 'Country']) {
      expect(shown(address, label)).toHaveTextContent('N/A');
    }
  });

  it('edits with typed inputs and read-only account fields; Cancel restores the values and clears errors', async () => {
    const user = userEvent.setup();
    const { saves } = mockAccount();
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    // The edit form's code loads on demand (preloaded with the page).
    expect(await screen.findByRole('textbox', { name: 'Account Number (read-only)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Account Name (read-only)' })).toHaveValue('Casey Customer');
    expect(screen.getByRole('textbox', { name: 'Account Type (read-only)' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Language Preference' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Invoice Email Address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveAttribute('type', 'tel');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: 'Email Address' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(saves()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(shown(section('Billing Contact'), 'Email Address')).toHaveTextContent('jane@casey.example');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(await screen.findByRole('textbox', { name: 'Email Address' })).toHaveValue('jane@casey.example');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('saves: "Saving..." while busy, the update model, a success message that goes after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let release: (response: Response) => void = () => undefined;
    let saved = false;
    const { saves } = mockAccount({
      details: () => {
        const base = accountDetails(1001n);
        return json(saved ? { ...base, contacts: [{ ...base.contacts[0]!, firstName: 'Janet' }] } : base);
      },
      save: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const first = await screen.findByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.type(first, 'Janet');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toHaveAttribute('aria-busy', 'true');
    expect(saves()[0]!.body).toEqual({
      accountId: 1001,
      language: 'English',
      invoiceEmail: 'billing@casey.example',
      contacts: [
        { id: 3, firstName: 'Janet', lastName: 'Doe', primaryEmail: 'jane@casey.example', primaryPhone: '(416) 555-0100' },
      ],
      accountContacts: [],
      addresses: [
        {
          id: 1,
          streetNumber: '12',
          streetName: 'Main Street',
          city: 'Toronto',
          province: 'ON',
          postal: 'M5V 2T6',
          country: 'CA',
        },
      ],
      accountAddresses: [],
    });

    saved = true;
    await act(async () => release(json(true)));
    expect(await screen.findByText('Account details updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Success:')).toBeInTheDocument();
    // Back in view mode, showing the re-read billing contact.
    expect(shown(section('Billing Contact'), 'First Name')).toHaveTextContent('Janet');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(3900));
    expect(screen.getByText('Account details updated successfully!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Account details updated successfully!')).not.toBeInTheDocument();
  });

  it('says "Failed to update account details. Please try again." when the save answers false', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockAccount({ save: () => json(false) });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error:');
    expect(alert).toHaveTextContent('Failed to update account details. Please try again.');
    // Still editing, so nothing typed is lost.
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('says "An error occurred while updating your account details." with the service\'s reason when it refuses', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockAccount({ save: () => json({ error: 'body.addresses.0.postal: Please enter a valid postal or zip code.' }, 400) });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while updating your account details. body.addresses.0.postal: Please enter a valid postal or zip code.',
    );
    expect(logged).toHaveBeenCalled();
  });

  it('shows country and province by name, chooses them from lists, and checks the address before saving', async () => {
    const user = userEvent.setup();
    const { saves } = mockAccount();
    renderRoute('/profile');
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(shown(section('Billing Address'), 'Country')).toHaveTextContent('Canada');
    expect(shown(section('Billing Address'), 'Province / State')).toHaveTextContent('Ontario');
    expect(shown(section('Billing Contact'), 'Phone Number')).toHaveTextContent('(416) 555-0100');
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));

    const country = await screen.findByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('CA');
    expect(screen.getByRole('combobox', { name: 'Province / State' })).toHaveValue('ON');
    // Another country's list: the province is chosen again, and the postal code must fit the new country.
    await user.selectOptions(country, 'US');
    const province = screen.getByRole('combobox', { name: 'Province / State' });
    expect(province).toHaveValue('');
    expect(within(province).getByRole('option', { name: 'New York' })).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(first).toHaveAccessibleDescription('This field is required.');
    expect(province).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('textbox', { name: 'Postal / Zip Code' })).toHaveAccessibleDescription('Please enter a valid postal or zip code.');
    expect(saves()).toHaveLength(0);
  });

  it.each([
    ['English', 'Save Changes', 'Edit Profile', 'Province / State', 'Postal / Zip Code', 'This postal or zip code is not in the province or state you chose.'],
    ['French', 'Enregistrer les modifications', 'Modifier le profil', 'Province / État', 'Code postal / ZIP', 'Ce code postal ou ZIP ne se trouve pas dans la province ou l’État choisi.'],
  ] as const)('refuses Toronto, British Columbia, M4J 2K7 beside the postal code, in %s, and saves nothing', async (language, save, edit, provinceLabel, postalLabel, message) => {
    const user = userEvent.setup();
    const { saves } = mockAccount({ details: () => json(accountDetails(1001n, { language })) });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: edit }));
    await user.selectOptions(await screen.findByRole('combobox', { name: provinceLabel }), 'BC');
    const postal = screen.getByRole('textbox', { name: postalLabel });
    await user.clear(postal);
    await user.type(postal, 'M4J 2K7');
    await user.click(screen.getByRole('button', { name: save }));
    expect(postal).toHaveAccessibleDescription(message);
    expect(saves()).toHaveLength(0);
  });

  it('shows each message of a refused save beside its field', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockAccount({
      save: () =>
        json(
          {
            error: 'Some billing details are not valid; correct the fields listed.',
            fields: { 'addresses.0.postal': 'Please enter a valid postal or zip code.', 'contacts.0.primaryPhone': 'Please enter a valid phone number.' },
          },
          400,
        ),
    });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some billing details are not valid; correct the fields listed.');
    const phone = screen.getByRole('textbox', { name: 'Phone Number' });
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Please enter a valid phone number.'));
    expect(screen.getByRole('textbox', { name: 'Postal / Zip Code' })).toHaveAccessibleDescription('Please enter a valid postal or zip code.');
  });

  it('switches the UI to French when the language preference is saved as French', async () => {
    const user = userEvent.setup();
    let language: 'English' | 'French' = 'English';
    const { saves } = mockAccount({
      details: () => json(accountDetails(1001n, { language })),
      save: (call) => {
        language = (call.body as { language: 'English' | 'French' }).language;
        return json(true);
      },
    });
    renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language Preference' }), 'French');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(saves()[0]!.body).toMatchObject({ language: 'French' });
    expect(await screen.findByRole('button', { name: 'Modifier le profil' })).toBeInTheDocument();
    // The account type is in French too, not the billing system's English word.
    expect(screen.getByText('Type de compte').closest('div')).toHaveTextContent('Résidentiel');
  });

  describe('account activity', () => {
    const entry = (id: number, action: string, actor: { kind: string; name: string | null }, extra: Record<string, unknown> = {}) => ({
      id,
      at: `2025-06-${String(20 - id).padStart(2, '0')}T15:30:00Z`,
      action,
      actor,
      amount: null,
      currency: null,
      card: null,
      ...extra,
    });
    const activity = [
      entry(1, 'payment.created', { kind: 'staff', name: 'Sam Support' }, { amount: 40, currency: 'CAD', card: { brand: 'Visa', last4: '4242' } }),
      entry(2, 'payment_method.deleted', { kind: 'staff', name: 'Sam Support' }, { card: { brand: 'Mastercard', last4: '4444' } }),
      entry(3, 'autopay.charged', { kind: 'system', name: null }, { amount: 66.35, currency: 'CAD' }),
      entry(4, 'account.customerdetails.update', { kind: 'customer', name: 'Casey Customer' }),
    ];

    it('lists who did what and when, naming support staff as such', async () => {
      const { calls } = mockAccount({ history: () => json({ value: activity, count: 4 }) });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Account activity' }));
      const items = await region.findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringContaining('Payment of $40.00 made with Visa •••• 4242'),
        expect.stringContaining('Mastercard •••• 4444 removed'),
        expect.stringContaining('Automatic payment of $66.35 made'),
        expect.stringContaining('Billing details updated'),
      ]);
      expect(within(items[0]!).getByText('Support staff')).toBeInTheDocument();
      expect(within(items[0]!).getByText('Sam Support')).toBeInTheDocument();
      expect(within(items[2]!).getByText('Automatic')).toBeInTheDocument();
      expect(within(items[3]!).getByText('Casey Customer')).toBeInTheDocument();
      expect(within(items[3]!).queryByText('Support staff')).not.toBeInTheDocument();
      const when = items[0]!.querySelector('time')!;
      expect(when).toHaveAttribute('datetime', '2025-06-19T15:30:00Z');
      expect(when.textContent).toMatch(/^Jun 19, 2025, \d{1,2}:30\s?[AP]M$/);
      expect(region.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
      const call = calls.find((c) => c.url.pathname === '/b/v1/Account/1001/history')!;
      expect(Object.fromEntries(call.url.searchParams)).toEqual({ skip: '0', take: '10', count: 'true' });
    });

    const byClient = [entry(1, 'account.customerdetails.update', { kind: 'client', name: 'Rating engine' })];

    it('names the provider’s billing system by its API client', async () => {
      mockAccount({ history: () => json({ value: byClient, count: 1 }) });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Account activity' }));
      expect(await region.findByText('by Rating engine')).toBeInTheDocument();
      expect(region.queryByText('Support staff')).not.toBeInTheDocument();
    });

    it('names it in French for a French account', async () => {
      mockAccount({ details: () => json(accountDetails(1001n, { language: 'French' })), history: () => json({ value: byClient, count: 1 }) });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Activité du compte' }));
      expect(await region.findByText('par Rating engine')).toBeInTheDocument();
    });

    const people = [
      entry(1, 'account.person_invited', { kind: 'client', name: 'Rating engine' }, { person: 'robin@example.com' }),
      entry(2, 'account.person_removed', { kind: 'client', name: 'Rating engine' }, { person: 'sam@example.com' }),
    ];

    it.each([
      ['English', 'Account activity', ['robin@example.com invited to the account', 'sam@example.com no longer reaches the account']],
      ['French', 'Activité du compte', ['Invitation de robin@example.com au compte', 'Accès au compte retiré à sam@example.com']],
    ] as const)('names the people invited and removed, in %s', async (language, heading, texts) => {
      mockAccount({ details: () => json(accountDetails(1001n, { language })), history: () => json({ value: people, count: 2 }) });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: heading }));
      const items = await region.findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(texts.map((text) => expect.stringContaining(text)));
    });

    it('shows more on request, and says when there is nothing yet', async () => {
      const user = userEvent.setup();
      const many = Array.from({ length: 12 }, (_, i) => entry(i + 1, 'autopay.enabled', { kind: 'customer', name: 'Casey Customer' }));
      const { calls } = mockAccount({
        history: (call) => json({ value: many.slice(0, Number(call.url.searchParams.get('take'))), count: many.length }),
      });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Account activity' }));
      expect(await region.findAllByRole('listitem')).toHaveLength(10);
      await user.click(region.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(12));
      expect(region.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
      expect(calls.filter((c) => c.url.pathname.endsWith('/history')).map((c) => c.url.searchParams.get('take'))).toEqual(['10', '20']);
    });

    it('says there is no activity yet', async () => {
      mockAccount();
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Account activity' }));
      expect(await region.findByText('No activity yet.')).toBeInTheDocument();
    });

    it('reads in French for a French account', async () => {
      mockAccount({
        details: () => json(accountDetails(1001n, { language: 'French' })),
        history: () => json({ value: activity.slice(0, 1), count: 1 }),
      });
      renderRoute('/profile');
      const region = within(await screen.findByRole('region', { name: 'Activité du compte' }));
      expect(await region.findByText('Paiement de 40,00 $ effectué avec Visa •••• 4242')).toBeInTheDocument();
      expect(region.getByText('Soutien à la clientèle')).toBeInTheDocument();
      expect(region.getByText(/^19 juin 2025/)).toBeInTheDocument();
    });
  });

  it('shows the load error when the account cannot be loaded', async () => {
    mockAccount({ details: () => json({ error: 'The account was not found.' }, 404) });
    renderRoute('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load account details. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });
});
