import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { mockPortalBilling } from '@/test/portal-billing';
import { json, makeToken, renderRoute } from '@/test/utils';

const ALL_ON = { invoice_posted: true, payment_succeeded: true, payment_failed: true, autopay_scheduled: true, card_expiring: true, dispute_status_changed: true };

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ scopes: ['ac:1001'] }));
});

const region = async (name: string) => within(await screen.findByRole('region', { name }));

describe('email notification choices on Account Information', () => {
  it('shows every event on by default and saves the person’s choice', async () => {
    const user = userEvent.setup();
    const service = mockPortalBilling();
    renderRoute('/profile');
    const choices = await region('Email notifications');
    const received = await choices.findByRole('checkbox', { name: 'A payment was received (with its receipt)' });
    expect(choices.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true, true, true, true]);
    await user.click(received);
    await user.click(choices.getByRole('checkbox', { name: 'A card expires within 30 days or has expired' }));
    await user.click(choices.getByRole('button', { name: 'Save email choices' }));
    expect(await choices.findByRole('status')).toHaveTextContent('Your email choices were saved.');
    expect(service.callsTo('saveNotificationPreferences').map((c) => c.body)).toEqual([{ ...ALL_ON, payment_succeeded: false, card_expiring: false }]);
    expect(received).not.toBeChecked();
  });

  it('says so when saving fails, keeping the choice on screen', async () => {
    const user = userEvent.setup();
    mockPortalBilling({ saveNotificationPreferences: () => json({ error: 'Down' }, 500) });
    renderRoute('/profile');
    const choices = await region('Email notifications');
    await user.click(await choices.findByRole('checkbox', { name: 'A new invoice is ready' }));
    await user.click(choices.getByRole('button', { name: 'Save email choices' }));
    expect(await choices.findByRole('alert')).toHaveTextContent('Your email choices could not be saved. Please try again.');
    expect(choices.getByRole('checkbox', { name: 'A new invoice is ready' })).not.toBeChecked();
  });

  it('shows the stored choices, in French', async () => {
    await changeLanguage('fr', { remember: true });
    mockPortalBilling({ notificationPreferences: () => json({ ...ALL_ON, autopay_scheduled: false }) });
    renderRoute('/profile');
    const choices = await region('Notifications par courriel');
    expect(await choices.findByRole('checkbox', { name: 'Un paiement automatique aura lieu dans 3 jours' })).not.toBeChecked();
    expect(choices.getByRole('checkbox', { name: 'Une nouvelle facture est prête' })).toBeChecked();
    expect(choices.getByRole('button', { name: 'Enregistrer mes choix de courriels' })).toBeInTheDocument();
  });
});
