import { screen, within } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n/i18n';
import { mockPortalBilling } from '@/test/portal-billing';
import { makeToken, renderRoute } from '@/test/utils';

const details = async () => within((await screen.findAllByRole('definition'))[0]!.closest('dl')!);
const valueOf = (list: ReturnType<typeof within>, term: string) => list.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/user/details', () => {
  it('tells an administrator without scopes that they reach every account, instead of "None"', async () => {
    sessionStorage.setItem('token', makeToken({ name: 'Riley Admin', roles: ['Admin'], scopes: [] }));
    mockPortalBilling();
    renderRoute('/user/details');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Details' })).toBeInTheDocument();
    const list = await details();
    expect(valueOf(list, 'Name')).toBe('Riley Admin');
    expect(valueOf(list, 'Roles')).toBe('Admin');
    expect(valueOf(list, 'Scopes')).toBe('None needed: administrators reach every account.');
    expect(valueOf(list, 'Locations')).toBe('Every account');
    expect(screen.queryByText('None')).not.toBeInTheDocument();
  });

  it('lists the scopes and accounts of an administrator who has some', async () => {
    sessionStorage.setItem('token', makeToken({ name: 'Riley Admin', roles: ['Admin'], scopes: ['ac:1001', 'ac:1002'] }));
    mockPortalBilling();
    renderRoute('/user/details');
    const list = await details();
    expect(valueOf(list, 'Scopes')).toBe('ac:1001ac:1002');
    expect(valueOf(list, 'Locations')).toBe('10011002');
  });

  it('says it in French', async () => {
    await changeLanguage('fr', { remember: true });
    sessionStorage.setItem('token', makeToken({ name: 'Riley Admin', roles: ['Admin'], scopes: [] }));
    mockPortalBilling();
    renderRoute('/user/details');
    const list = await details();
    expect(valueOf(list, 'Portées')).toBe('Aucune n’est nécessaire\u202f: les administrateurs ont accès à tous les comptes.');
    expect(valueOf(list, 'Emplacements')).toBe('Tous les comptes');
  });
});
